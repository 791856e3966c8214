import Foundation
import Testing
import VerityAPI
@testable import VerityEnginePool
@testable import VerityServer
@testable import VerityCore
@testable import VerityStore
import VerityTestSupport
@testable import VerityKernel

/// Engine workers inside a running server, on SQLite and PostgreSQL: a
/// worker killed in the middle of a document check costs that attempt only
/// (the server answers everything else, the check is retried on a fresh
/// worker), and a check whose every attempt kills its worker is given up after
/// its attempts with a typed outcome, never to be leased again.
@Suite("Engine workers in a server: a killed worker costs one attempt of one check", .heavy)
struct EngineWorkerServerTests {
    /// The check's job, once its attempt failed and its retry waits for the clock.
    static func retryWaiting(_ app: VerityTestApp, check: UUID, attempts: Int) async throws {
        try await waitFor("attempt \(attempts) of the check to fail and its retry to wait", every: .milliseconds(50)) { () async throws -> Observed<Void> in
            guard let job = try await JobQueue(db: app.app.db).jobs(kind: DocumentCheckRepository.checkJobKind, subject: check).first else {
                return .notYet("no job")
            }
            return job.attempts == attempts && job.leaseUntil == nil && job.status == .queued && job.lastError != nil
                ? .ready(()) : .notYet("attempts \(job.attempts), status \(job.status), leased \(job.leaseUntil != nil)")
        }
    }

    static func submit(_ app: VerityTestApp) async throws -> (http: RawHTTP, token: String, check: UUID) {
        let http = RawHTTP(baseURL: try await app.startServer())
        let token = try await DocumentSubmissionTests.userWithAttempt(app, http)
        let reply = try await http.send("POST", DocumentSubmissionTests.path, bearer: token, body: try DocumentSubmissionTests.body())
        let identity = try reply.decode(VerifiedIdentity.self)
        let check = try #require(identity.documentCheck.flatMap { UUID(uuidString: $0.checkId) }, "\(reply.json)")
        return (http, token, check)
    }

    /// Kills every worker of `pool` that takes a task, until cancelled.
    static func killingEveryBusyWorker(_ pool: EngineWorkerPool) -> Task<Int, Never> {
        Task {
            var killed = Set<pid_t>()
            while !Task.isCancelled {
                for worker in pool.busyWorkers() where !killed.contains(worker) {
                    kill(worker, SIGKILL)
                    killed.insert(worker)
                }
                try? await Task.sleep(for: .milliseconds(5))
            }
            return killed.count
        }
    }

    @Test func aWorkerKilledDuringACheckCostsThatAttemptAndTheRetryOnAFreshWorkerSucceeds() async throws {
        try await withVerityApp(settings: { $0.documentWaitMilliseconds = 0 }) { app async throws in
            let pool = try #require(app.app.storage[EngineWorkerPoolKey.self])
            let killer = Self.killingEveryBusyWorker(pool)
            let (http, token, check) = try await Self.submit(app)
            try await Self.retryWaiting(app, check: check, attempts: 1)
            killer.cancel()
            #expect(await killer.value == 1)
            // The server answered throughout, and answers now.
            #expect(try await http.send("GET", "/healthz").status == 200)
            #expect(try await http.send("GET", "/v1/identity/verification", bearer: token).status == 200)
            // when: the retry is due
            app.clock.advance(seconds: 3)
            await app.app.drainJobs()
            // then: it ran on a new worker, to the check's real outcome
            let identity = try await DocumentSubmissionTests.settled(
                try http.send("GET", "/v1/identity/verification", bearer: token).decode(VerifiedIdentity.self), http: http, token: token)
            #expect(identity.documentVerificationStatus == .succeeded, "\(identity)")
        }
    }

    @Test func aCheckThatKillsItsWorkerEveryTimeIsGivenUpAfterItsAttemptsAndNeverLeasedAgain() async throws {
        try await withVerityApp(settings: { $0.documentWaitMilliseconds = 0 }) { app async throws in
            let pool = try #require(app.app.storage[EngineWorkerPoolKey.self])
            let killer = Self.killingEveryBusyWorker(pool)
            let (http, token, check) = try await Self.submit(app)
            // Attempts 1 and 2 fail and are retried (2 s, then 4 s later); attempt 3 is the last.
            for attempt in 1...2 {
                try await Self.retryWaiting(app, check: check, attempts: attempt)
                app.clock.advance(seconds: 2 * attempt + 1)
                await app.app.drainJobs()
            }
            let identity = try await waitFor("the check to be given up", every: .milliseconds(50)) {
                let identity = try await http.send("GET", "/v1/identity/verification", bearer: token).decode(VerifiedIdentity.self)
                return identity.documentVerificationStatus == .pending ? .notYet("pending") : .ready(identity)
            }
            killer.cancel()
            #expect(await killer.value == 3)
            #expect(identity.documentVerificationStatus == .documentUnreadable, "\(identity)")
            #expect(identity.documentCheck?.reasons == [UnreadableReason.checkError.rawValue], "\(String(describing: identity.documentCheck))")
            let queue = JobQueue(db: app.app.db)
            #expect(try await queue.jobs(kind: DocumentCheckRepository.checkJobKind, subject: check).first?.status == .failed)
            // A restarted server an hour later finds nothing to run.
            app.clock.advance(seconds: 3_600)
            #expect(try await queue.lease(kinds: [DocumentCheckRepository.checkJobKind], now: app.clock.now, leaseMilliseconds: 60_000) == nil)
            #expect(try await http.send("GET", "/healthz").status == 200)
        }
    }
}
