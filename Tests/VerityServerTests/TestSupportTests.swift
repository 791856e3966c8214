import Foundation
import Testing
@testable import VerityStore
import VerityTestSupport
@testable import VerityKernel

/// The test support's own promises, on which every suite's reliability
/// rests: slots bound how much runs at once without deadlocking a test
/// that nests them, and a wait for a state says what it saw when it gives up.
@Suite("Test support: machine slots and waits for a state")
struct TestSupportTests {
    actor Running {
        var now = 0, most = 0
        func enter() { now += 1; most = max(most, now) }
        func leave() { now -= 1 }
    }

    @Test func slotsLetNoMoreThanTheirCountRunAtOnceAndANestedTakerPassesStraightThrough() async throws {
        // given: more work than slots
        let slots = MachineSlots.servers
        let running = Running()
        // when: three times as many tasks as slots, each nesting a second take
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<(3 * slots.count) {
                group.addTask {
                    try await slots.run {
                        try await slots.run {
                            await running.enter()
                            try await Task.sleep(for: .milliseconds(20))
                            await running.leave()
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        // then: never more at once than the slots, and all of them ran
        let most = await running.most
        #expect(most >= 1 && most <= slots.count, "\(most) at once with \(slots.count) slots")
    }

    @Test func aWaitThatGivesUpSaysWhatItWaitedForAndWhatItSaw() async throws {
        var looks = 0
        let error = await #expect(throws: StateNeverCame.self) {
            try await waitFor("the answer", every: .milliseconds(10), within: .milliseconds(100)) { () async throws -> Observed<Int> in
                looks += 1
                return .notYet("\(looks) looks, still pending")
            }
        }
        #expect(error?.what == "the answer" && error?.lastSeen.hasSuffix("still pending") == true && (error?.looks ?? 0) >= 2)
        let found = try await waitFor("the third look") { () async throws -> Observed<Int> in
            looks += 1
            return looks % 3 == 0 ? .ready(looks) : .notYet("not yet")
        }
        #expect(found % 3 == 0)
    }

    /// The one place the tests' limits come from agrees with the server's own:
    /// a test client outwaits anything the server makes a request wait for
    /// (a document check's wait, a webhook attempt, a job's lease), a wait for
    /// a state outwaits a request, and a test server outwaits its clients.
    @Test func aTestClientOutwaitsEveryLimitTheServerPutsOnAnAnswer() {
        let settings = Settings(dataKey: DataProtector.randomBytes(32))
        for (name, limit) in [("document wait", Duration.milliseconds(settings.documentWaitMilliseconds)),
                              ("webhook attempt", .milliseconds(settings.webhookTimeoutMilliseconds)),
                              ("job lease", .seconds(settings.jobLeaseSeconds))] {
            #expect(TestDeadlines.request > limit * 2, "\(name): \(limit)")
        }
        #expect(TestDeadlines.state >= TestDeadlines.request)
        #expect(TestDeadlines.serverShutdown > TestDeadlines.request)
    }
}
