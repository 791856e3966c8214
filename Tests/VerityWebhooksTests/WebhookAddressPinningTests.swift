import Foundation
import Testing
import VerityTestSupport
@testable import VerityWebhooks

/// A delivery connects to the address its check saw, never to what a second
/// resolution of the name says: otherwise a DNS server answering a public
/// address to the check and a private one to the connection (DNS rebinding)
/// would reach the private network. The names end in `.invalid`, which never
/// resolves (RFC 2606): only the checked address can reach the receiver.
@Suite("Webhook deliveries connect to the address they checked")
struct WebhookAddressPinningTests {
    /// The DNS answers a test gives (a DNS server is a service the user brings).
    final class ScriptedResolver: WebhookResolving, @unchecked Sendable {
        private let lock = NSLock()
        private var answers: [String: [[UInt8]]]
        private(set) var questions = 0

        init(_ answers: [String: [[UInt8]]]) { self.answers = answers }

        func answer(_ host: String, with addresses: [[UInt8]]) { lock.withLock { answers[host] = addresses } }

        func addresses(of host: String) async throws -> [[UInt8]] {
            lock.withLock {
                questions += 1
                return answers[host] ?? []
            }
        }
    }

    static let loopback: [UInt8] = [127, 0, 0, 1]

    func post(_ poster: WebhookPoster, to url: String, allowPrivate: Bool = true) async -> WebhookPoster.Attempt {
        await poster.post(Data(#"{"type":"test"}"#.utf8), to: url, secrets: ["whsec_pinning"], timestamp: 1_700_000_000,
                          allowPrivate: allowPrivate)
    }

    @Test func aNamedReceiverIsReachedAtTheCheckedAddressAndFollowsANewAnswer() async throws {
        let receiver = try WebhookReceiver()
        defer { receiver.stop() }
        let clients = WebhookHTTPClient()
        let resolver = ScriptedResolver(["receiver.invalid": [Self.loopback]])
        let poster = WebhookPoster(clients: clients, timeout: TestDeadlines.requestTimeAmount, resolver: resolver)
        let url = "http://receiver.invalid:\(receiver.port)/hooks/verity"

        for _ in 0..<2 {
            let attempt = await post(poster, to: url)
            #expect(attempt.statusCode == 200 && attempt.error == nil, "\(attempt)")
        }
        let arrived = try await receiver.waitFor(2)
        #expect(arrived.count == 2)
        // The request still names the receiver's host: only the connection is pinned.
        #expect(arrived.allSatisfy { $0.headers["host"] == "receiver.invalid:\(receiver.port)" })
        #expect(resolver.questions == 2, "one resolution per attempt")

        // The name now points elsewhere (127.0.0.2, where nothing listens): the
        // next attempt goes there, not to the address the last one pinned.
        resolver.answer("receiver.invalid", with: [[127, 0, 0, 2]])
        let moved = await post(poster, to: url)
        #expect(moved.error == "connection" && moved.statusCode == nil, "\(moved)")
        #expect(try receiver.deliveries().count == 2)
        await clients.shutdown()
    }

    @Test func aNameWithAnyPrivateAddressIsRefusedWithoutAConnection() async throws {
        let receiver = try WebhookReceiver()
        defer { receiver.stop() }
        let clients = WebhookHTTPClient()
        let resolver = ScriptedResolver(["rebind.invalid": [[93, 184, 216, 34], Self.loopback], "nowhere.invalid": []])
        let poster = WebhookPoster(clients: clients, timeout: TestDeadlines.requestTimeAmount, resolver: resolver)

        let mixed = await post(poster, to: "http://rebind.invalid:\(receiver.port)/hooks/verity", allowPrivate: false)
        #expect(mixed.error == "address_refused" && mixed.statusCode == nil)
        let literal = await post(poster, to: "http://127.0.0.1:\(receiver.port)/hooks/verity", allowPrivate: false)
        #expect(literal.error == "address_refused")
        let unresolved = await post(poster, to: "http://nowhere.invalid:\(receiver.port)/hooks/verity")
        #expect(unresolved.error == "dns")
        // A literal is an address already: it is checked, never resolved.
        #expect(resolver.questions == 2)
        try await Task.sleep(for: .milliseconds(300))
        #expect(try receiver.deliveries().isEmpty)
        await clients.shutdown()
    }
}
