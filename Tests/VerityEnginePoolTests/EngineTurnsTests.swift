import NIOConcurrencyHelpers
import Testing
@testable import VerityEnginePool
@testable import VerityKernel

/// Engine threads serve a waiting request before waiting background work:
/// a person at a capture page or a phone is not queued behind a backlog of
/// document checks, and background work still runs, in its order, when no
/// request waits.
@Suite("Engine turns: requests before background work")
struct EngineTurnsTests {
    /// Records the order tasks got their turn in.
    final class Order: Sendable {
        private let names = NIOLockedValueBox<[String]>([])
        func add(_ name: String) { names.withLockedValue { $0.append(name) } }
        var all: [String] { names.withLockedValue { $0 } }
    }

    /// Waits until `turns` has `requests` and `background` tasks waiting.
    private func waitFor(_ turns: EngineTurns, requests: Int, background: Int) async throws {
        for _ in 0..<2_000 where turns.waiting != (requests, background) { try await Task.sleep(for: .milliseconds(1)) }
        try #require(turns.waiting == (requests, background))
    }

    @Test func aRequestPassesBackgroundWorkThatCameFirst() async throws {
        let turns = EngineTurns(turns: 1)
        let order = Order()
        await turns.take(.background)  // the one thread, busy with a check
        func queue(_ name: String, _ kind: EngineAdmission.Queue) -> Task<Void, Never> {
            Task { await turns.take(kind); order.add(name); turns.give() }
        }
        let first = queue("check-1", .background)
        try await waitFor(turns, requests: 0, background: 1)
        let second = queue("check-2", .background)
        try await waitFor(turns, requests: 0, background: 2)
        let request = queue("selfie", .request)
        try await waitFor(turns, requests: 1, background: 2)
        turns.give()
        for task in [first, second, request] { await task.value }
        #expect(order.all == ["selfie", "check-1", "check-2"])
        #expect(turns.waiting == (0, 0))
    }

    @Test func freeTurnsAreTakenAtOnceAndGivenBack() async throws {
        let turns = EngineTurns(turns: 2)
        await turns.take(.background)
        await turns.take(.request)
        let third = Task { await turns.take(.request) }
        try await waitFor(turns, requests: 1, background: 0)
        turns.give()
        await third.value
        turns.give()
        turns.give()
        // Both turns are free again: two takes do not wait.
        for kind in [EngineAdmission.Queue.background, .request] { await turns.take(kind) }
        #expect(turns.waiting == (0, 0))
    }
}
