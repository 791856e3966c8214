import Foundation
import Testing
import VerityTestSupport
@testable import VerityWebhooks

/// What a receiver answers decides an attempt, and only its status is kept:
/// a redirect is refused, never followed (a receiver could point the sender
/// anywhere); a long answer is read up to a bound (64 KiB) and dropped.
@Suite("Webhook attempts: redirects refused, long answers dropped")
struct WebhookAnswerTests {
    static func post(to receiver: WebhookReceiver, clients: WebhookHTTPClient) async -> WebhookPoster.Attempt {
        await WebhookPoster(clients: clients, timeout: TestDeadlines.requestTimeAmount)
            .post(Data(#"{"type":"test"}"#.utf8), to: receiver.url, secrets: ["whsec_answers"], timestamp: 1_700_000_000, allowPrivate: true)
    }

    @Test func aRedirectIsRefusedAndItsTargetNeverCalled() async throws {
        let target = try WebhookReceiver()
        defer { target.stop() }
        let redirecting = try WebhookReceiver(redirectTo: target.url)
        defer { redirecting.stop() }
        let clients = WebhookHTTPClient()
        let attempt = await Self.post(to: redirecting, clients: clients)
        #expect(attempt.statusCode == 302 && attempt.error == "redirect_refused", "\(attempt)")
        #expect(try redirecting.deliveries().count == 1)
        try await Task.sleep(for: .milliseconds(300))
        #expect(try target.deliveries().isEmpty)
        await clients.shutdown()
    }

    @Test func aLongAnswerStillDeliversItsStatus() async throws {
        let receiver = try WebhookReceiver(answerBytes: 2_000_000)
        defer { receiver.stop() }
        let clients = WebhookHTTPClient()
        let attempt = await Self.post(to: receiver, clients: clients)
        #expect(attempt.statusCode == 200 && attempt.error == nil, "\(attempt)")
        await clients.shutdown()
    }
}
