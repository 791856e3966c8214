import Foundation
import Testing
@testable import VerityStore
import VerityStoreTestSupport

/// The server's one job queue, on SQLite and PostgreSQL (the suite runs on both):
/// a job is leased by one worker at a time, comes back when its lease runs out
/// (a crashed server), waits out its backoff, and stays done or failed.
@Suite("Jobs: leased, retried with backoff, taken over after a crash, never run twice at once")
struct JobQueueTests {
    @Test func aJobIsLeasedByOneWorkerAtATimeAndComesBackWhenItsLeaseRunsOut() async throws {
        try await withStoreDatabase { store async throws in
            // given
            let queue = JobQueue(db: store.db), subject = UUID(), now = store.now
            try await JobQueue.enqueue(kind: "test.work", subject: subject, now: now, on: store.db)
            // when: two workers ask at the same moment
            async let first = queue.lease(kinds: ["test.work"], now: now, leaseMilliseconds: 60_000)
            async let second = queue.lease(kinds: ["test.work"], now: now, leaseMilliseconds: 60_000)
            let leased = [try await first, try await second].compactMap { $0 }
            // then: one has it; other kinds are not offered it
            #expect(leased.count == 1)
            #expect(leased.first?.subject == subject && leased.first?.attempts == 1)
            #expect(try await queue.lease(kinds: ["other.work"], now: now + 61_000, leaseMilliseconds: 60_000) == nil)
            // when: its worker died; the lease runs out
            #expect(try await queue.lease(kinds: ["test.work"], now: now + 59_000, leaseMilliseconds: 60_000) == nil)
            let again = try await queue.lease(kinds: ["test.work"], now: now + 61_000, leaseMilliseconds: 60_000)
            // then: another worker takes it over, as its second run
            #expect(again?.id == leased.first?.id && again?.attempts == 2)
        }
    }

    @Test func aRetryWaitsOutItsBackoffAndFinishedJobsStayFinished() async throws {
        try await withStoreDatabase { store async throws in
            let queue = JobQueue(db: store.db), now = store.now
            try await JobQueue.enqueue(kind: "test.work", subject: UUID(), now: now, on: store.db)
            try await JobQueue.enqueue(kind: "test.work", subject: UUID(), now: now + 1, on: store.db)
            let job = try #require(try await queue.lease(kinds: ["test.work"], now: now + 10, leaseMilliseconds: 60_000))
            // when: it failed and backs off 2 s
            try await queue.retry(job.id, runAfter: now + 2_010, error: "the outside CA timed out", now: now + 10)
            // then: the other job goes first; this one only after the backoff
            let other = try #require(try await queue.lease(kinds: ["test.work"], now: now + 20, leaseMilliseconds: 60_000))
            #expect(other.id != job.id)
            try await queue.complete(other.id, now: now + 30)
            #expect(try await queue.lease(kinds: ["test.work"], now: now + 2_000, leaseMilliseconds: 60_000) == nil)
            let retried = try #require(try await queue.lease(kinds: ["test.work"], now: now + 2_010, leaseMilliseconds: 60_000))
            #expect(retried.id == job.id && retried.attempts == 2)
            // when: given up; then nothing is offered again, however long one waits
            try await queue.fail(retried.id, error: "refused", now: now + 2_020)
            #expect(try await queue.lease(kinds: ["test.work"], now: now + 999_999, leaseMilliseconds: 60_000) == nil)
            let stored = try await queue.jobs(kind: "test.work", subject: job.subject)
            #expect(stored.first?.status == .failed && stored.first?.lastError == "refused")
        }
    }
}
