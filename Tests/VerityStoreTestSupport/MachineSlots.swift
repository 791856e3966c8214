import Foundation
import Testing

/// How much test work runs at once, decided from the machine's cores.
///
/// Swift Testing starts every test of the process at once (its width is
/// unbounded unless told otherwise), and every server test starts a Verity of
/// its own, with engine threads of its own: 271 of them at once took a
/// 2-core machine to a load of 21, and tests failed by whichever deadline
/// their work missed. So test work takes a slot first, and waits its turn
/// without holding a thread:
/// - `servers`: one per running test server (`withVerityApp` takes it),
///   twice the cores: most of a server test is waiting for its database
///   or its own server, so a core can serve two.
/// - `heavy`: one per test of a suite marked `.heavy` (the engines end to
///   end, images through the mobile API, browsers), as many as the cores: one
///   such test keeps about a core busy by itself. (One slot on this 2-core
///   machine made the heavy tests one queue that set the whole run's pace:
///   the SQLite suites took 145 s, and 103 s with two.)
/// `VERITY_TEST_SERVER_SLOTS` and `VERITY_TEST_HEAVY_SLOTS` override them.
/// A test that waited for a slot says so on standard output (`slot:`), so
/// `scripts/test.sh` reports how long tests ran, not how long they queued.
public enum MachineSlots {
    public static let cores = max(1, ProcessInfo.processInfo.activeProcessorCount)
    public static let servers = Slots(kind: "server", count: TestDeadlines.configured("VERITY_TEST_SERVER_SLOTS") ?? 2 * cores)
    public static let heavy = Slots(kind: "heavy", count: TestDeadlines.configured("VERITY_TEST_HEAVY_SLOTS") ?? cores)

    /// The slot kinds the current task holds.
    @TaskLocal static var held: Set<String> = []

    /// The running test as Swift Testing names it in its output.
    static var currentTestName: String {
        guard let test = Test.current else { return "(no test)" }
        return test.displayName ?? test.name
    }
}

/// A counting semaphore for async work: `run` waits its turn in order, without blocking a thread.
public actor Slots {
    public nonisolated let kind: String
    public nonisolated let count: Int
    private var free: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(kind: String, count: Int) {
        self.kind = kind
        self.count = count
        free = count
    }

    /// Runs `work` holding one slot. A task already holding a slot of this
    /// kind (a server test that starts another Verity) does not take a
    /// second: two nested takers could otherwise wait on each other.
    public nonisolated func run<T: Sendable>(_ work: () async throws -> T) async throws -> T {
        if MachineSlots.held.contains(kind) { return try await work() }
        let asked = ContinuousClock.now
        await take()
        let waited = ContinuousClock.now - asked
        if waited > .seconds(1) {
            print("slot: \(MachineSlots.currentTestName) waited \(String(format: "%.1f", waited / .seconds(1))) s for a \(kind) slot")
        }
        do {
            let result = try await MachineSlots.$held.withValue(MachineSlots.held.union([kind])) { try await work() }
            await give()
            return result
        } catch {
            await give()
            throw error
        }
    }

    private func take() async {
        if free > 0 {
            free -= 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    private func give() {
        if waiting.isEmpty {
            free += 1
        } else {
            waiting.removeFirst().resume()
        }
    }
}

/// Marks a suite (or a test) whose every test keeps a core busy by itself:
/// its tests take one of `MachineSlots.heavy` while they run.
public struct HeavyTestTrait: SuiteTrait, TestTrait, TestScoping {
    public var isRecursive: Bool { true }

    public func provideScope(for test: Test, testCase: Test.Case?,
                             performing function: @Sendable () async throws -> Void) async throws {
        guard testCase != nil, !test.isSuite else { return try await function() }
        try await MachineSlots.heavy.run { try await function() }
    }
}

extension Trait where Self == HeavyTestTrait {
    /// The test keeps a core busy by itself (engines, images, a browser): it
    /// waits for one of `MachineSlots.heavy` before it runs.
    public static var heavy: Self { HeavyTestTrait() }
}
