import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import VerityCore
@testable import VerityKernel
import VerityTestSupport

/// No stranger can starve the server (issue 66): idle sockets, heads and
/// bodies dribbled a byte at a time, with a mobile client key anyone can read
/// out of an app, neither stop `/readyz` nor another tenant's upload. The
/// strangers come from their own loopback addresses (127.0.0.2 and up), as
/// they would from their own machines.
@Suite("Slow and idle clients cannot starve the server", .serialized)
struct SlowClientsE2ETests {
    static func withServer(_ change: @escaping (inout ConnectionLimits) -> Void,
                           _ body: (VerityTestApp, URL, Int, String) async throws -> Void) async throws {
        // The test holds both ends of thousands of connections.
        DescriptorLimit.raise()
        try await withVerityApp(settings: { change(&$0.connections) }) { app async throws in
            let url = try await app.startServer()
            let operations = try app.operations
            let key = try await operations.mobile.createClientKey(tenant: app.tenant, environment: .test, scopes: [.verifyHuman], demo: false)
            _ = try await operations.mobile.grantCredits(tenant: app.tenant, environment: .test, amount: 10, note: "test")
            try await body(app, url, url.port ?? 0, key)
        }
    }

    /// `GET /readyz` from 127.0.0.1: its status and how long it took.
    static func readiness(_ url: URL) async throws -> (status: Int, seconds: Double) {
        let start = ContinuousClock.now
        let (_, response) = try await TestHTTP.data(from: url.appendingPathComponent("readyz"))
        let took = ContinuousClock.now - start
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, Double(took.components.seconds) + Double(took.components.attoseconds) / 1e18)
    }

    /// What `connection` has been sent once it holds `text` (the end of a head: "\r\n\r\n").
    static func answer(_ connection: RawConnection, containing text: String = "\r\n\r\n") async throws -> String {
        try await waitFor("the server's answer", every: .milliseconds(20)) {
            let read = connection.read()
            return read.text.contains(text) ? .ready(read.text) : .notYet(read.text)
        }
    }

    /// Another tenant, its own client key and credits: what must still get through.
    static func otherTenantsKey(_ app: VerityTestApp) async throws -> String {
        let operations = try app.operations
        _ = try await operations.tenants.createKey(tenant: "bystander", environment: .test)
        let key = try await operations.mobile.createClientKey(tenant: "bystander", environment: .test, scopes: [.verifyHuman], demo: false)
        _ = try await operations.mobile.grantCredits(tenant: "bystander", environment: .test, amount: 10, note: "test")
        return key
    }

    @Test func idleSocketsAndDribbledHeadsAndBodiesStopNeitherReadinessNorAnotherTenantsUpload() async throws {
        // Timeouts long enough that every stranger still holds on while the server is asked; short enough to see them end.
        try await Self.withServer({
            $0.headerSeconds = 15
            $0.bodySeconds = 8
            $0.minimumBodyBytesPerSecond = 2_048
        }) { app, url, port, strangersKey in
            let bystander = try await Self.otherTenantsKey(app)
            // given: 2,000 idle connections from eight addresses
            var idle: [RawConnection] = []
            for index in 0..<2_000 { idle.append(try RawConnection(port: port, from: "127.0.0.\(2 + index % 8)")) }
            // 25 heads dribbled a byte at a time
            let slowHeads = try (0..<25).map { _ in try RawConnection(port: port, from: "127.0.0.10") }
            for connection in slowHeads { connection.send("POST /api/mobile/v1/verifyhuman/verify HTTP/1.1\r\nHost: 127") }
            // 25 uploads with the strangers' public client key, declaring 5 MB and sending 20 bytes a second
            let slowBodies = try (0..<25).map { _ in try RawConnection(port: port, from: "127.0.0.11") }
            for connection in slowBodies {
                connection.send("POST /api/mobile/v1/verifyhuman/verify HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Client-Key: \(strangersKey)\r\n"
                                + "Content-Type: application/json\r\nContent-Length: 5000000\r\n\r\n{\"selfie_b64\":\"")
            }
            let dribble = Task {
                while !Task.isCancelled {
                    for connection in slowHeads { connection.send("0") }
                    for connection in slowBodies { connection.send("AAAAAAAAAA") }
                    try? await Task.sleep(for: .milliseconds(500))
                }
            }
            defer { dribble.cancel() }
            let server = try #require(app.app.verityHTTPServer)
            let bodies = try #require(app.app.storage[LargeBodiesKey.self])
            _ = try await waitFor("the strangers to hold their connections and slots", every: .milliseconds(50)) {
                server.openConnections >= 2_050 && bodies.count >= 12 ? .ready(()) : .notYet("\(server.openConnections) open, \(bodies.count) bodies")
            }
            // when: the balancer asks whether the server is ready, five times
            for _ in 0..<5 {
                let (status, seconds) = try await Self.readiness(url)
                // then: it is, within a second each time
                #expect(status == 200 && seconds < 1, "\(status) after \(seconds) s")
            }
            // and another tenant's upload goes through
            let selfie = try await MobileAPI.call(url, "/api/mobile/v1/verifyhuman/verify", method: "POST",
                                                  headers: ["X-Client-Key": bystander], json: ["selfie_b64": try MobileAPI.johnSelfie])
            #expect(selfie.status == 200 && selfie.json["outcome"] as? String == "pass", "\(selfie.status) \(selfie.json)")
            // The strangers' key got no more than the slots that leave others room (16, less a share of 4).
            #expect(bodies.count <= 12)
            // then: the dribbled bodies are answered 408 and closed, their slots free again, and the dribbled heads closed
            let dropped = try await waitFor("the slow uploads to be dropped", every: .milliseconds(200)) {
                let reads = slowBodies.map { $0.read() }
                return reads.allSatisfy(\.closedByServer) ? .ready(reads.map(\.text)) : .notYet("\(reads.filter(\.closedByServer).count) dropped")
            }
            // (those past the key's 12 slots were refused at once: 503 with Retry-After, before their body was read)
            let timedOut = dropped.filter { $0.hasPrefix("HTTP/1.1 408") && $0.contains("REQUEST_TIMEOUT") }
            let refused = dropped.filter { $0.hasPrefix("HTTP/1.1 503") && $0.contains("SERVICE_UNAVAILABLE") }
            #expect(timedOut.count == 12 && refused.count == 13, "\(dropped.map { $0.prefix(12) })")
            #expect(bodies.count == 0)
            _ = try await waitFor("the slow heads to be dropped", every: .milliseconds(200)) {
                slowHeads.allSatisfy { $0.read().closedByServer } ? .ready(()) : .notYet("open")
            }
            for connection in idle + slowHeads + slowBodies { connection.close() }
        }
    }

    @Test func pastTheConnectionCapsOnlyProbesAreAnsweredAndTheAPIAgainOnceTheyClose() async throws {
        try await Self.withServer({
            $0.maxConnections = 40
            $0.maxConnectionsPerAddress = 30
        }) { app, url, port, _ in
            // given: one address holds its 30 connections, another the remaining 10
            let first = try (0..<30).map { _ in try RawConnection(port: port, from: "127.0.0.2") }
            let server = try #require(app.app.verityHTTPServer)
            // (accepted on two event loops, so the server is let take all 30 before the next)
            _ = try await waitFor("30 connections held", every: .milliseconds(20)) {
                server.openConnections == 30 ? .ready(()) : .notYet("\(server.openConnections)")
            }
            // when: the same address opens one more
            let past = try RawConnection(port: port, from: "127.0.0.2")
            past.send("GET /v1/identity/verification HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            // then: it is in the probe lane: the API answers 503 with Retry-After and closes
            let refused = try await waitFor("the probe lane's answer", every: .milliseconds(50)) {
                let read = past.read()
                return read.closedByServer ? .ready(read.text) : .notYet(read.text)
            }
            #expect(refused.hasPrefix("HTTP/1.1 503") && refused.contains("SERVICE_UNAVAILABLE") && refused.lowercased().contains("retry-after: 2"),
                    "\(refused)")
            // but its readiness probe is answered
            let probe = try RawConnection(port: port, from: "127.0.0.2")
            probe.send("GET /readyz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            let ready = try await Self.answer(probe)
            #expect(ready.hasPrefix("HTTP/1.1 200"), "\(ready)")
            // when the server's total is reached from other addresses too
            let second = try (0..<10).map { _ in try RawConnection(port: port, from: "127.0.0.3") }
            _ = try await waitFor("40 connections held", every: .milliseconds(20)) {
                server.openConnections == 40 ? .ready(()) : .notYet("\(server.openConnections)")
            }
            // then a client elsewhere still learns readiness
            let (status, seconds) = try await Self.readiness(url)
            #expect(status == 200 && seconds < 1)
            // and once the idle ones close, the API answers again
            for connection in first + second { connection.close() }
            _ = try await waitFor("the connections to close", every: .milliseconds(20)) {
                server.openConnections <= 1 ? .ready(()) : .notYet("\(server.openConnections)")
            }
            let token = try await app.token(for: "after")
            let api = try RawConnection(port: port, from: "127.0.0.2")
            api.send("GET /v1/identity/verification HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(token)\r\n\r\n")
            let served = try await Self.answer(api)
            #expect(served.hasPrefix("HTTP/1.1 200"), "\(served)")
        }
    }

    @Test func aLargeBodyIsAskedForOnlyOnceItsChecksHavePassed() async throws {
        try await Self.withServer({ _ in }) { _, _, port, key in
            // given: a selfie upload of 100 kB (padded past the JSON routes' 64 KiB) that asks before it sends (as curl does)
            var body = "{\"selfie_b64\":\"\(try MobileAPI.johnSelfie)\"}"
            body += String(repeating: " ", count: 100_000 - body.utf8.count)
            func head(_ key: String) -> String {
                "POST /api/mobile/v1/verifyhuman/verify HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Client-Key: \(key)\r\n"
                    + "Content-Type: application/json\r\nContent-Length: 100000\r\nExpect: 100-continue\r\n\r\n"
            }
            // when: its key is not valid
            let stranger = try RawConnection(port: port)
            stranger.send(head("pk_test_not_a_key"))
            // then: refused from its head, never asked for its body
            let refused = try await Self.answer(stranger, containing: "\r\n\r\n{")
            #expect(refused.hasPrefix("HTTP/1.1 401") && refused.contains("INVALID_CLIENT_KEY"), "\(refused)")
            // when: its key is valid
            let app = try RawConnection(port: port)
            app.send(head(key))
            // then: told to send its body, and once sent, answered
            #expect(try await Self.answer(app).hasPrefix("HTTP/1.1 100 Continue"))
            app.send(body)
            let verified = try await Self.answer(app, containing: "\"outcome\"")
            #expect(verified.contains("HTTP/1.1 200") && verified.contains("\"pass\""), "\(verified)")
        }
    }

    @Test func anIdleConnectionAndAHeadThatNeverEndsAreClosed() async throws {
        try await Self.withServer({
            $0.headerSeconds = 2
            $0.idleSeconds = 2
        }) { app, url, port, _ in
            // given: a connection that sends nothing, one that sends half a head, one kept alive after an answer
            let silent = try RawConnection(port: port, from: "127.0.0.2")
            let halfHead = try RawConnection(port: port, from: "127.0.0.2")
            halfHead.send("GET /healthz HTTP/1.1\r\nHost:")
            let kept = try RawConnection(port: port, from: "127.0.0.2")
            kept.send("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            // then: each is closed by the server within its timeout
            let start = ContinuousClock.now
            _ = try await waitFor("the server to close all three", every: .milliseconds(100)) {
                [silent, halfHead, kept].allSatisfy { $0.read().closedByServer } ? .ready(()) : .notYet("open")
            }
            #expect(ContinuousClock.now - start < .seconds(5))
            #expect(kept.read().text.hasPrefix("HTTP/1.1 200"))
            // and the server goes on answering
            #expect(try await Self.readiness(url).status == 200)
        }
    }
}
