import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import Testing
@testable import VerityWebhooks

/// A webhook receiver's name is looked up on the server's own blocking
/// threads, not NIO's shared pool (which serves file reads): with every
/// thread of that pool held, the lookup still answers.
@Suite("Blocking calls: name lookups off NIO's shared pool")
struct BlockingCallsTests {
    @Test func aLookupAnswersWhileNIOsSharedPoolIsHeld() async throws {
        let held = NIOLockedValueBox(true)
        let count = NIOSingletons.blockingPoolThreadCountSuggestion
        let holders = (0..<count).map { _ in
            Task { try await NIOThreadPool.singleton.runIfActive { while held.withLockedValue({ $0 }) { usleep(1_000) } } }
        }
        defer { held.withLockedValue { $0 = false } }
        // Give the holders their threads.
        try await Task.sleep(for: .milliseconds(100))
        let lookup = Task { try await SystemWebhookResolver().addresses(of: "localhost") }
        // The answer, or after 10 s a failure (and the shared pool let go, so a lookup queued on it ends too).
        let answered = NIOLockedValueBox<Bool?>(nil)
        let deadline = Task {
            try? await Task.sleep(for: .seconds(10))
            answered.withLockedValue { if $0 == nil { $0 = false } }
            held.withLockedValue { $0 = false }
        }
        _ = try? await lookup.value
        answered.withLockedValue { if $0 == nil { $0 = true } }
        held.withLockedValue { $0 = false }
        deadline.cancel()
        for holder in holders { _ = try? await holder.value }
        #expect(answered.withLockedValue { $0 } == true, "the lookup waited for NIO's shared pool")
        let addresses = try await lookup.value
        #expect(addresses.contains([127, 0, 0, 1]) || addresses.contains { $0.count == 16 }, "\(addresses)")
    }
}
