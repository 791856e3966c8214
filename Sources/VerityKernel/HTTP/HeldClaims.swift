import Fluent
import Logging
import NIOConcurrencyHelpers
import Vapor
import VerityStore

/// The `Idempotency-Key` claims this server holds, and what it owes them
/// beyond the request that made them:
///
/// - **Alive.** A request still running after `heartbeatMilliseconds` (a
///   document check waiting for its result, a slow data source) has its
///   claim said alive every five seconds, so another server takes a claim
///   over only when its server has stopped saying so (died): seconds after,
///   not minutes. Requests that end sooner, nearly all, cost nothing here.
/// - **Released.** A request that ended while the database was away
///   (PostgreSQL restarting, a full disk) could not give its claim up or
///   store its answer; left alone, every retry with the key would be told
///   `IDEMPOTENCY_KEY_IN_USE` until the claim counted as abandoned. This
///   server knows the request is over, so it gives the claim up as soon as
///   the database is back: a claim some of whose work was committed becomes
///   `IDEMPOTENCY_ANSWER_LOST`, any other is free for the retry.
///
/// One loop does both, each second, while the server runs.
package final class HeldClaims: LifecycleHandler, Sendable {
    private let running = NIOLockedValueBox<[IdempotentWork: Int]>([:])
    private let toRelease = NIOLockedValueBox<Set<IdempotentWork>>([])
    private let lastHeartbeat = NIOLockedValueBox<Int64>(0)
    private let loop = NIOLockedValueBox<Task<Void, Never>?>(nil)
    private let db: any Database
    private let clock: VerityClock
    private let logger: Logger
    static let interval: Duration = .seconds(1)

    package init(db: any Database, clock: VerityClock, logger: Logger) {
        self.db = db
        self.clock = clock
        self.logger = logger
    }

    /// Runs `work` while `claim`'s request runs it: the claim is said alive for as long.
    func holding<T>(_ claim: IdempotentWork, _ work: () async throws -> T) async rethrows -> T {
        running.withLockedValue { $0[claim, default: 0] += 1 }
        defer { running.withLockedValue { held in held[claim] = held[claim].flatMap { $0 > 1 ? $0 - 1 : nil } } }
        return try await work()
    }

    /// Gives `claim` up now, or, if the database cannot be reached, once it can.
    func release(_ claim: IdempotentWork, on db: any Database) async {
        do {
            try await IdempotencyRepository(db: db).release(claim)
        } catch {
            later(claim, error)
        }
    }

    /// Keeps `claim` to give up when the database is back.
    func later(_ claim: IdempotentWork, _ error: any Error) {
        toRelease.withLockedValue { _ = $0.insert(claim) }
        logger.warning("idempotency claim kept to release later", metadata: ["error": .string(String(describing: type(of: error)))])
    }

    /// One pass: releases what is owed (those still failing stay for the
    /// next), and every `heartbeatMilliseconds` says the long-running claims alive.
    func tick() async {
        let now = clock.nowMillis()
        let owed = toRelease.withLockedValue { $0 }
        if !owed.isEmpty {
            let repository = IdempotencyRepository(db: db)
            var released = 0
            for claim in owed {
                guard (try? await repository.release(claim)) != nil else { break }  // still away: the rest wait too
                toRelease.withLockedValue { _ = $0.remove(claim) }
                released += 1
            }
            if released > 0 {
                logger.info("idempotency claims released after the database came back", metadata: ["claims": .stringConvertible(released)])
            }
        }
        guard now - lastHeartbeat.withLockedValue({ $0 }) >= IdempotencyRepository.heartbeatMilliseconds else { return }
        let long = running.withLockedValue { held in
            held.keys.filter { now - $0.claimedAt >= IdempotencyRepository.heartbeatMilliseconds }
        }
        lastHeartbeat.withLockedValue { $0 = now }
        do {
            try await IdempotencyRepository(db: db).heartbeat(long, now: now)
        } catch {
            logger.warning("idempotency claims could not be said alive", metadata: ["error": .string(String(describing: type(of: error)))])
        }
    }

    package func didBoot(_ application: Application) throws {
        loop.withLockedValue { loop in
            loop = Task { [weak self] in
                while !Task.isCancelled, let self {
                    await self.tick()
                    try? await Task.sleep(for: Self.interval)
                }
            }
        }
    }

    package func shutdownAsync(_ application: Application) async {
        // What is still owed is abandoned soon: the next server to see the key takes it over.
        let task = loop.withLockedValue { $0 }
        task?.cancel()
        await task?.value
    }
}
