import Foundation
import Logging
import Testing
@testable import VerityCore
@testable import VerityStore
import VerityTestSupport
@testable import VerityKernel

/// The job worker on SQLite and PostgreSQL: a job a crashed server held is
/// finished by another once its lease runs out, exactly once, however many
/// workers drain at the same time; failures back off and then give up.
@Suite("Job worker: a crashed server's job is finished by another, exactly once")
struct JobWorkerTests {
    /// Counts runs per subject; fails the first `failures` runs of each.
    final class Recorder: JobHandler, @unchecked Sendable {
        let kind = "test.record"
        let maximumAttempts = 3
        private let lock = NSLock()
        private var runs: [UUID: Int] = [:]
        private(set) var givenUp: [UUID] = []
        let failures: Int
        let retryable: Bool

        init(failures: Int = 0, retryable: Bool = true) {
            self.failures = failures
            self.retryable = retryable
        }

        func runs(of subject: UUID) -> Int { lock.withLock { runs[subject, default: 0] } }

        func run(subject: UUID) async throws {
            let count = lock.withLock { runs[subject, default: 0] += 1; return runs[subject]! }
            if count <= failures {
                throw VerityError(retryable ? .serviceUnavailable : .validationError, "not this time")
            }
        }

        func gaveUp(subject: UUID, reason: String) async { lock.withLock { givenUp.append(subject) } }
    }

    func worker(_ app: VerityTestApp, _ handler: Recorder) -> JobWorker {
        let worker = JobWorker(db: app.app.db, clock: app.clock.verityClock, logger: Logger(label: "test"))
        worker.register(handler)
        return worker
    }

    @Test func aJobHeldByACrashedServerIsFinishedByAnotherExactlyOnce() async throws {
        try await withVerityApp { app async throws in
            // given: a job a server leased and then died with
            let subject = UUID(), recorder = Recorder()
            try await JobQueue.enqueue(kind: recorder.kind, subject: subject, now: app.clock.now, on: app.app.db)
            _ = try await JobQueue(db: app.app.db).lease(kinds: [recorder.kind], now: app.clock.now, leaseMilliseconds: 60_000)
            let survivors = [worker(app, recorder), worker(app, recorder)]
            // when: the survivors drain while the lease holds
            await survivors[0].drain()
            #expect(recorder.runs(of: subject) == 0)
            // when: the lease runs out and both drain at once
            app.clock.advance(seconds: 61)
            async let first: Void = survivors[0].drain()
            async let second: Void = survivors[1].drain()
            _ = await (first, second)
            await survivors[1].drain()
            // then
            #expect(recorder.runs(of: subject) == 1)
            #expect(try await JobQueue(db: app.app.db).jobs(kind: recorder.kind, subject: subject).first?.status == .done)
        }
    }

    @Test func failuresBackOffThenSucceedOrGiveUp() async throws {
        try await withVerityApp { app async throws in
            // given: one job that fails once, handled by an outage that heals
            let healing = Recorder(failures: 1), subject = UUID()
            try await JobQueue.enqueue(kind: healing.kind, subject: subject, now: app.clock.now, on: app.app.db)
            let worker = worker(app, healing)
            // when / then: the failure waits out its backoff before the retry
            await worker.drain()
            #expect(healing.runs(of: subject) == 1)
            await worker.drain()
            #expect(healing.runs(of: subject) == 1, "backing off")
            app.clock.advance(seconds: 3)
            await worker.drain()
            #expect(healing.runs(of: subject) == 2)
            #expect(try await JobQueue(db: app.app.db).jobs(kind: healing.kind, subject: subject).first?.status == .done)
            #expect(healing.givenUp.isEmpty)
        }
    }

    @Test func aRefusalGivesUpAtOnceAndTheHandlerSettlesIt() async throws {
        try await withVerityApp { app async throws in
            let refusing = Recorder(failures: 9, retryable: false), subject = UUID()
            try await JobQueue.enqueue(kind: refusing.kind, subject: subject, now: app.clock.now, on: app.app.db)
            let worker = worker(app, refusing)
            await worker.drain()
            app.clock.advance(seconds: 600)
            await worker.drain()
            #expect(refusing.runs(of: subject) == 1)
            #expect(refusing.givenUp == [subject])
            #expect(try await JobQueue(db: app.app.db).jobs(kind: refusing.kind, subject: subject).first?.status == .failed)
        }
    }

    @Test func aJobWhoseRunsKeepTakingTheirServerDownIsGivenUpUnrunAfterItsAttempts() async throws {
        try await withVerityApp { app async throws in
            // given: a job leased by three servers in turn, each of which died running it
            // (what an engine that crashes its process on one image does)
            let recorder = Recorder(), subject = UUID(), queue = JobQueue(db: app.app.db)
            try await JobQueue.enqueue(kind: recorder.kind, subject: subject, now: app.clock.now, on: app.app.db)
            for _ in 0..<recorder.maximumAttempts {
                #expect(try await queue.lease(kinds: [recorder.kind], now: app.clock.now, leaseMilliseconds: 60_000) != nil)
                app.clock.advance(seconds: 61)
            }
            // when: a restarted server drains the queue
            let restarted = worker(app, recorder)
            await restarted.drain()
            // then: the job is given up without running, its handler settles the subject
            #expect(recorder.runs(of: subject) == 0)
            #expect(recorder.givenUp == [subject])
            let job = try #require(try await queue.jobs(kind: recorder.kind, subject: subject).first)
            #expect(job.status == .failed && job.lastError?.contains("stopped its server") == true, "\(job.status) \(job.lastError ?? "")")
            // and: it is never leased again, however long another server waits
            app.clock.advance(seconds: 3_600)
            await worker(app, recorder).drain()
            #expect(try await queue.lease(kinds: [recorder.kind], now: app.clock.now, leaseMilliseconds: 60_000) == nil)
            #expect(recorder.runs(of: subject) == 0 && recorder.givenUp == [subject])
        }
    }

    @Test func aJobThatCrashedFewerTimesThanItsAttemptsRunsAgain() async throws {
        try await withVerityApp { app async throws in
            let recorder = Recorder(), subject = UUID(), queue = JobQueue(db: app.app.db)
            try await JobQueue.enqueue(kind: recorder.kind, subject: subject, now: app.clock.now, on: app.app.db)
            for _ in 0..<(recorder.maximumAttempts - 1) {
                _ = try await queue.lease(kinds: [recorder.kind], now: app.clock.now, leaseMilliseconds: 60_000)
                app.clock.advance(seconds: 61)
            }
            await worker(app, recorder).drain()
            #expect(recorder.runs(of: subject) == 1 && recorder.givenUp.isEmpty)
            #expect(try await queue.jobs(kind: recorder.kind, subject: subject).first?.status == .done)
        }
    }
}
