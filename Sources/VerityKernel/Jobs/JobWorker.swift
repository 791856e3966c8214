import Fluent
import Foundation
import Logging
import Vapor
import VerityCore
import VerityStore

/// Runs the server's jobs (`VerityStore.JobQueue`): requests kick it after
/// enqueueing, and a slow poll picks up what other servers left (a lease that
/// ran out) and retries that are due. Failures back off (2 s, 4 s, …); a
/// refusal or the last attempt gives the job up and lets its handler settle it,
/// and so does a lease past the last attempt (every run died with its process).
/// (Each handler says how it backs off: `JobHandler.retryDelayMilliseconds`.)
package final class JobWorker: LifecycleHandler, @unchecked Sendable {
    let db: any Database
    let clock: VerityClock
    package let logger: Logger
    private var handlers: [String: any JobHandler] = [:]
    private let runs = WorkerRuns()
    private var poller: Task<Void, Never>?
    /// Jobs run at once: each lane leases and runs one job at a time.
    let lanes: Int

    /// How long a leased job is another server's to take only after (a crashed server's jobs wait this long).
    let leaseMilliseconds: Int64
    package static let pollInterval: Duration = .seconds(2)

    package init(db: any Database, clock: VerityClock, logger: Logger, lanes: Int = 1, leaseMilliseconds: Int64 = 60_000) {
        self.lanes = max(1, lanes)
        self.leaseMilliseconds = leaseMilliseconds
        self.db = db
        self.clock = clock
        self.logger = logger
    }

    /// Called after each job a handler finished: outcomes that jobs write
    /// (document checks, certificates) publish webhook events, which the
    /// webhook dispatcher should send now rather than at its next poll.
    /// Set before the server starts.
    package var afterEachJob: (@Sendable () -> Void)?

    /// The kinds of job this worker runs.
    package var kinds: [String] { Array(handlers.keys).sorted() }

    /// Registers a handler before the server starts.
    package func register(_ handler: any JobHandler) {
        handlers[handler.kind] = handler
    }

    /// Starts a lane draining the queue in the background, unless every lane
    /// is running already (then one more drains after the first to end).
    package func kick() {
        Task { await runs.start(lanes: lanes) { await self.drainLane() } }
    }

    /// Runs every due job whose lease is free, `lanes` at a time.
    package func drain() async {
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<lanes { group.addTask { await self.drainLane() } }
        }
    }

    private func drainLane() async {
        let queue = JobQueue(db: db), kinds = Array(handlers.keys)
        while await !runs.stopped {
            let job: JobQueue.Leased?
            do {
                job = try await queue.lease(kinds: kinds, now: clock.nowMillis(), leaseMilliseconds: leaseMilliseconds)
            } catch {
                // The next poll tries again; a queue that cannot be read is loud.
                logger.error("the job queue could not be read", metadata: ["error": .string(String(describing: type(of: error)))])
                return
            }
            guard let job else { return }
            await run(job, queue: queue)
        }
    }

    private func run(_ job: JobQueue.Leased, queue: JobQueue) async {
        guard let handler = handlers[job.kind] else { return }
        // The lease counts every run; a run that ended in the catch below was
        // retried or given up there. So a job leased past its attempts had
        // runs that never ended: each took its process down (an engine
        // crash, the OOM killer) or outlived its lease. Running it again would
        // do that again, after every restart, on every server.
        guard job.attempts <= handler.maximumAttempts else {
            let reason = "none of the job's \(handler.maximumAttempts) runs ended: each stopped its server or ran out of time"
            logger.error("job given up unrun", metadata: ["job_id": .string(job.id.uuidString), "kind": .string(job.kind),
                                                         "attempt": .stringConvertible(job.attempts)])
            try? await queue.fail(job.id, error: reason, now: clock.nowMillis())
            await handler.gaveUp(subject: job.subject, reason: reason)
            afterEachJob?()
            return
        }
        do {
            try await handler.run(subject: job.subject)
            try await queue.complete(job.id, now: clock.nowMillis())
            afterEachJob?()
        } catch {
            let reason = (error as? VerityError)?.message ?? "the job failed"
            let retryable = (error as? VerityError)?.retryable ?? true
            logger.warning("job failed", metadata: ["job_id": .string(job.id.uuidString), "kind": .string(job.kind),
                                                    "attempt": .stringConvertible(job.attempts), "error": .string(String(reason.prefix(200)))])
            if retryable && job.attempts < handler.maximumAttempts {
                let now = clock.nowMillis()
                try? await queue.retry(job.id, runAfter: now + handler.retryDelayMilliseconds(afterAttempt: job.attempts), error: reason, now: now)
            } else {
                try? await queue.fail(job.id, error: reason, now: clock.nowMillis())
                await handler.gaveUp(subject: job.subject, reason: reason)
            }
        }
    }

    package func didBoot(_ application: Application) throws {
        poller = Task { [weak self] in
            while !Task.isCancelled, let self {
                for _ in 0..<self.lanes { self.kick() }
                try? await Task.sleep(for: Self.pollInterval)
            }
        }
    }

    /// Runs even when the application never booted (tests start the server
    /// directly): requests may have kicked the worker. The running job
    /// finishes; none starts after it, since the database goes away with the app.
    package func shutdownAsync(_ application: Application) async {
        poller?.cancel()
        await poller?.value
        await runs.stop()
    }
}

/// At most `lanes` drains at a time per process; a kick while all run makes
/// one more run after the first to end, so a job queued at the end of a drain
/// is not left to the poller.
package actor WorkerRuns {
    package init() {}

    private var running: [UUID: Task<Void, Never>] = [:]
    private var again = false
    package private(set) var stopped = false

    package func start(lanes: Int, _ work: @escaping @Sendable () async -> Void) {
        guard !stopped else { return }
        guard running.count < lanes else {
            again = true
            return
        }
        let id = UUID()
        running[id] = Task {
            await work()
            await self.finished(id, lanes: lanes, work)
        }
    }

    private func finished(_ id: UUID, lanes: Int, _ work: @escaping @Sendable () async -> Void) {
        running[id] = nil
        if again && !stopped {
            again = false
            start(lanes: lanes, work)
        }
    }

    /// Running drains see `stopped` between jobs and end; none starts after them.
    package func stop() async {
        stopped = true
        for task in running.values { await task.value }
    }
}
