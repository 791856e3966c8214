import Foundation
import NIOCore
import NIOPosix
import Testing
@testable import VerityEnginePool
@testable import VerityKernel

/// Engine work runs on threads of its own, never on the event loops that
/// answer requests, and never on more threads than configured.
@Suite("Engine pool: off the event loops, bounded")
struct EnginePoolTests {
    final class Gauge: @unchecked Sendable {
        private let lock = NSLock()
        private var running = 0
        private(set) var peak = 0
        func enter() { lock.withLock { running += 1; peak = max(peak, running) } }
        func leave() { lock.withLock { running -= 1 } }
    }

    @Test func workRunsOffTheEventLoopsOnAtMostTheConfiguredThreads() async throws {
        // given
        let pool = EnginePool(threads: 2)
        let gauge = Gauge()
        // when: six reads at once, each holding its thread a while
        let onEventLoop = try await withThrowingTaskGroup(of: Bool.self) { group in
            for _ in 0..<6 {
                group.addTask {
                    try await pool.run {
                        gauge.enter()
                        defer { gauge.leave() }
                        Thread.sleep(forTimeInterval: 0.05)
                        return MultiThreadedEventLoopGroup.currentEventLoop != nil
                    }
                }
            }
            return try await group.reduce(false) { $0 || $1 }
        }
        await pool.shutdown()
        // then
        #expect(!onEventLoop)
        #expect(gauge.peak <= 2 && gauge.peak >= 1)
    }

    @Test func errorsComeBackToTheCaller() async {
        struct Unreadable: Error {}
        let pool = EnginePool(threads: 1)
        await #expect(throws: Unreadable.self) { try await pool.run { () throws -> Int in throw Unreadable() } }
        await pool.shutdown()
    }
}
