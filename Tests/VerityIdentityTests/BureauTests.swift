import Foundation
import Testing
import Vapor
import VerityAPI
import VerityTestSupport
@testable import VerityKernel
@testable import VerityMobile

/// A stand-in identity bureau on loopback: the outside service a user brings.
final class FakeBureau: @unchecked Sendable {
    let app: Application
    private let lock = NSLock()
    private var _requests: [(authorization: String?, body: [String: String])] = []
    /// Answers to give, in order; the last one repeats.
    var script: [Reply]

    /// `hold`: no answer until the fake stops, as a bureau that has stalled.
    enum Reply { case result(String), status(Int), hold }

    /// Opened when the fake stops; held handlers hold it, not the fake, since
    /// they may wake after the test has let go of the fake.
    private let gate = Gate()

    final class Gate: @unchecked Sendable {
        private let lock = NSLock()
        private var open = false
        var isOpen: Bool { lock.withLock { open } }
        func release() { lock.withLock { open = true } }
    }

    var requests: [(authorization: String?, body: [String: String])] { lock.withLock { _requests } }

    /// Waits until `count` requests have arrived: a client that gave up on a
    /// held request may have sent it before this server's loop read it.
    func waitForRequests(_ count: Int) async throws {
        try await waitUntil("\(count) requests at the bureau", every: .milliseconds(20), seen: { "\(self.requests.count)" }) {
            requests.count >= count
        }
    }

    init(script: [Reply]) async throws {
        self.script = script
        app = try await Application.make(.testing)
        app.logger.logLevel = .critical
        let gate = gate
        app.post("check") { [unowned self] request async throws -> Response in
            let body = try request.content.decode([String: String?].self).compactMapValues { $0 }
            let reply: Reply = lock.withLock {
                _requests.append((request.headers.first(name: .authorization), body))
                return self.script.count > 1 ? self.script.removeFirst() : self.script[0]
            }
            switch reply {
            case .result(let result):
                return try await ["result": result].encodeResponse(for: request)
            case .status(let code):
                return Response(status: HTTPResponseStatus(statusCode: code))
            case .hold:
                while !gate.isOpen { try await Task.sleep(nanoseconds: 20_000_000) }
                return Response(status: .serviceUnavailable)
            }
        }
        try await app.server.start(address: .hostname("127.0.0.1", port: 0))
    }

    var url: URL { URL(string: "http://127.0.0.1:\(app.http.server.shared.localAddress!.port!)/check")! }

    func stop() async throws {
        gate.release()
        await app.server.shutdown()
        try await app.asyncShutdown()
    }
}

@Suite("The HTTP bureau adapter")
struct BureauTests {
    /// `timeoutMs`: generous unless a test is about timeouts, so that a reply
    /// slowed by a busy machine is not taken for a stall and retried: a
    /// quarter of the test client's wait, so the three tries and their
    /// backoff still end before the client gives up.
    func withBureau(_ script: [FakeBureau.Reply], timeoutMs: Int = TestDeadlines.requestSeconds * 1000 / 4,
                    _ body: (RawHTTP, String, FakeBureau) async throws -> Void) async throws {
        let bureau = try await FakeBureau(script: script)
        do {
            try await withVerityApp(settings: {
                $0.bureau = BureauSettings(url: bureau.url, apiKey: "bureau-secret", timeoutMilliseconds: timeoutMs, retries: 2)
            }) { app async throws in
                try await app.configure { $0.dataSource = .bureau; $0.consentRequired = false }
                let http = RawHTTP(baseURL: try await app.startServer())
                try await body(http, try await app.token(for: "bureau-user"), bureau)
            }
        } catch {
            try? await bureau.stop()
            throw error
        }
        try await bureau.stop()
    }

    @Test func aMatchVerifiesAndTheBureauGetsNormalisedFieldsAndItsKey() async throws {
        try await withBureau([.result("match")]) { http, token, bureau in
            var input = TestData.johnSmith
            input.postalCode = "303181234"
            let reply = try await http.send("POST", IdentityRoute.verify.path, bearer: token, json: input)
            #expect(try reply.decode(VerifiedIdentity.self).verified)
            #expect(bureau.requests.count == 1)
            #expect(bureau.requests[0].authorization == "Bearer bureau-secret")
            #expect(bureau.requests[0].body["postalCode"] == "30318-1234")
            #expect(bureau.requests[0].body["dateOfBirth"] == "1975-02-28")
        }
    }

    @Test func outcomesMapToTheRules() async throws {
        try await withBureau([.result("no_match"), .result("fraud_alert")]) { http, token, _ in
            let first = try await http.send("POST", IdentityRoute.verify.path, bearer: token, json: TestData.johnSmith)
            #expect(try first.decode(VerifiedIdentity.self).attemptsRemaining == 2)
            let second = try await http.send("POST", IdentityRoute.verify.path, bearer: token, json: TestData.johnSmith)
            let state = try second.decode(VerifiedIdentity.self)
            #expect(state.attemptsRemaining == 0)
            #expect(!state.canAttemptVerificationAgain)
        }
    }

    @Test func serverErrorsAreRetried() async throws {
        try await withBureau([.status(503), .status(500), .result("match")]) { http, token, bureau in
            let reply = try await http.send("POST", IdentityRoute.verify.path, bearer: token, json: TestData.johnSmith)
            #expect(try reply.decode(VerifiedIdentity.self).verified)
            #expect(bureau.requests.count == 3)
        }
    }

    @Test func anUnreachableOrSlowBureauIsRetryableAndCostsNoAttempt() async throws {
        // A stalled bureau: each of the three tries (the first and two retries) times out.
        try await withBureau([.hold], timeoutMs: 1_500) { http, token, bureau in
            let reply = try await http.send("POST", IdentityRoute.verify.path, bearer: token, json: TestData.johnSmith)
            #expect(reply.status == 503)
            #expect(reply.error?.code == "SERVICE_UNAVAILABLE")
            #expect(reply.error?.retryable == true)
            // The first try held: a second reaching the bureau is a retry after a timeout. On a loaded run
            // (PostgreSQL's suite, CI) a try can run out of time before it is even sent, so not all three may arrive.
            try await bureau.waitForRequests(2)
            let state = try await http.send("GET", IdentityRoute.verification.path, bearer: token).decode(VerifiedIdentity.self)
            #expect(state.attemptsRemaining == 3)
        }
    }

    @Test func aRejectedRequestIsNotRetried() async throws {
        try await withBureau([.status(401)]) { http, token, bureau in
            let reply = try await http.send("POST", IdentityRoute.verify.path, bearer: token, json: TestData.johnSmith)
            #expect(reply.error?.code == "SERVICE_UNAVAILABLE")
            #expect(bureau.requests.count == 1)
        }
    }

    @Test func anEnvironmentOnTheBureauWithoutOneConfiguredIsUnavailable() async throws {
        try await withVerityApp { app async throws in
            try await app.configure { $0.dataSource = .bureau; $0.consentRequired = false }
            let http = RawHTTP(baseURL: try await app.startServer())
            let reply = try await http.send("POST", IdentityRoute.verify.path, bearer: try await app.token(for: "u"),
                                            json: TestData.johnSmith)
            #expect(reply.status == 503)
        }
    }
}
