import AsyncKit
import Foundation
import Testing
import VerityAPI
@testable import VerityCore
@testable import VerityEnginePool
import VerityTestSupport
@testable import VerityKernel
@testable import VerityIdentity

/// What a server does when more comes than it can hold: a large body past
/// the server's slots, engine work past its queue, a database pool with no
/// connection free, capture requests past their link's or address's limit.
/// Each gets one answer, before any body is read: 503 `SERVICE_UNAVAILABLE`
/// with `Retry-After` for an overload, 429 `RATE_LIMITED` with `Retry-After`
/// for a limit; never a 500, never a hang.
@Suite("Overload: one answer with Retry-After, before a body is read")
struct OverloadTests {
    static func retryAfter(_ reply: RawHTTP.Reply) -> Int? {
        reply.headers.first { ($0.key as? String)?.lowercased() == "retry-after" }.flatMap { Int("\($0.value)") }
    }

    /// What a refusal said, kept past the reply (which is not Sendable).
    struct Refusal: Sendable {
        let code: String?
        let retryable: Bool
        let retryAfter: Int?

        init(_ reply: RawHTTP.Reply) {
            code = reply.error?.code
            retryable = reply.error?.retryable == true
            retryAfter = OverloadTests.retryAfter(reply)
        }
    }

    @Test func aLargeBodyPastTheServersSlotsIsRefusedBeforeItIsRead() async throws {
        try await withVerityApp(settings: { $0.largeBodiesAtOnce = 1 }) { app async throws in
            // The tries below come every 20 ms until the held upload has the slot: on a
            // loaded machine that can take past the token's 600 a minute, and a 429
            // would then hide the 503 this waits for.
            try await app.configure { $0.limits.userTokenRequestsPerMinute = 1_000_000 }
            let url = try await app.startServer()
            let http = RawHTTP(baseURL: url)
            let token = try await DocumentSubmissionTests.userWithAttempt(app, http)
            // given: an upload that declared 10 MB and sends nothing: it holds the one slot
            let slow = try HeldRequest(url, head: [
                "POST \(DocumentSubmissionTests.path) HTTP/1.1", "Host: 127.0.0.1", "Authorization: Bearer \(token)",
                "Content-Type: application/json", "Content-Length: 10000000",
            ])
            // Before any other upload: tried at once, one could hold the slot at the moment the held one
            // asks, and the held one would be refused instead (seen once on a loaded machine).
            let bodies = try #require(app.app.storage[LargeBodiesKey.self])
            _ = try await waitFor("the held upload to take the slot", every: .milliseconds(10)) {
                bodies.count == 1 ? .ready(()) : .notYet("\(bodies.count) held")
            }
            // when: another upload comes (one refused after it is read, so no check starts and each try is alike)
            let body = try DocumentSubmissionTests.body(country: "ZZ")
            let refused = try await waitFor("the held upload to take the slot", every: .milliseconds(20)) {
                let reply = try await http.send("POST", DocumentSubmissionTests.path, bearer: token, body: body)
                return reply.status == 503 ? .ready(Refusal(reply)) : .notYet("\(reply.status)")
            }
            // then: the overload answer, with how long to wait
            #expect(refused.code == "SERVICE_UNAVAILABLE" && refused.retryable)
            #expect(refused.retryAfter == LargeBodies.retryAfterSeconds)
            // Small requests are not held back by large ones.
            #expect(try await http.send("GET", "/v1/identity/verification", bearer: token).status == 200)
            // when the uploader gives up, the slot is free again
            slow.close()
            let accepted = try await waitFor("the slot to come free", every: .milliseconds(50)) {
                let reply = try await http.send("POST", DocumentSubmissionTests.path, bearer: token, body: body)
                return reply.status == 503 ? .notYet("503") : .ready(reply.status)
            }
            #expect(accepted == 400, "read, and refused for its country")
        }
    }

    @Test func engineWorkPastTheQueueIsTheOverloadAnswerForRequestsButBackgroundWorkWaits() throws {
        let admission = EngineAdmission(requestLimit: 2)
        try admission.enter(.request)
        try admission.enter(.request)
        #expect(throws: VerityError(.serviceUnavailable, "")) { try admission.enter(.request) }
        do {
            try admission.enter(.request)
        } catch {
            #expect(error.retryAfterSeconds == EngineAdmission.retryAfterSeconds && error.retryable)
        }
        // A document check's job waits its turn however full the queue.
        try admission.enter(.background)
        #expect(admission.count == 3)
        admission.leave()
        admission.leave()
        try admission.enter(.request)
        #expect(admission.count == 2)
    }

    @Test func aDatabasePoolWithNoConnectionFreeIsTheOverloadAnswerNotA500() {
        let answer = APIErrorMiddleware.verityError(for: ConnectionPoolTimeoutError.connectionRequestTimeout)
        #expect(answer.httpStatus == 503 && answer.code == .serviceUnavailable && answer.retryAfterSeconds == 2)
    }

    @Test func aSubmissionToALinkThatDoesNotExistIsRefusedBeforeItsBodyIsRead() async throws {
        try await withVerityApp { app async throws in
            let url = try await app.startServer()
            // A body larger than any submission, of which not a byte is sent: the answer comes anyway.
            let held = try HeldRequest(url, head: [
                "POST /capture/\(String(repeating: "A", count: 43))/submit HTTP/1.1", "Host: 127.0.0.1",
                "Content-Type: application/json", "Content-Length: 30000000",
            ])
            let status = try await held.statusLine()
            #expect(status.hasPrefix("HTTP/1.1 410"), "\(status)")
            held.close()
        }
    }

    @Test func captureRequestsPastTheirAddressesLimitAre429WithRetryAfter() async throws {
        try await withVerityApp(settings: { $0.captureRequestsPerAddressPerMinute = 5 }) { app async throws in
            let http = RawHTTP(baseURL: try await app.startServer())
            // Tokens that name no link count against the address too (guessing is limited).
            for index in 0..<5 {
                let reply = try await http.send("GET", "/capture/\(String(repeating: "B", count: 42))\(index)/status")
                #expect(reply.status == 410, "\(reply.status)")
            }
            let limited = try await http.send("GET", "/capture/\(String(repeating: "B", count: 43))/status")
            #expect(limited.status == 429 && limited.error?.code == "RATE_LIMITED", "\(limited.status) \(limited.json)")
            #expect((Self.retryAfter(limited) ?? 0) >= 1)
        }
    }

    @Test func aCaptureLinksRequestsPastItsLimitAre429WithRetryAfter() async throws {
        try await withVerityApp { app async throws in
            let api = RawHTTP(baseURL: try await app.startServer())
            try await app.configure { $0.consentRequired = false }
            let link = try await api.send("POST", "/v1/identity/document/capture", bearer: try await app.token(for: "capture-limits"), rawJSON: "{}")
                .decode(IdDocumentCaptureInitiationInfo.self)
            let http = RawHTTP(baseURL: URL(string: link.documentCaptureUrl)!)
            for _ in 0..<CaptureRequestLimits.requestsPerLinkPerMinute {
                #expect(try await http.send("GET", "/status").status == 200)
            }
            let limited = try await http.send("GET", "/status")
            #expect(limited.status == 429 && limited.error?.code == "RATE_LIMITED", "\(limited.status) \(limited.json)")
            #expect((Self.retryAfter(limited) ?? 0) >= 1)
        }
    }
}
