import Fluent
import VerityCore
import Foundation
import SQLKit

/// The one job queue of the server. Enqueue inside the transaction that makes
/// the work necessary; lease with one conditional UPDATE … RETURNING, so any
/// number of servers share the work and no job runs twice at once.
public struct JobQueue: Sendable {
    let db: any Database

    public init(db: any Database) { self.db = db }

    public struct Leased: Sendable, Equatable {
        public let id: UUID
        public let kind: String
        public let subject: UUID
        /// This run included.
        public let attempts: Int
    }

    /// Adds a job; `db` is the caller's transaction.
    public static func enqueue(kind: String, subject: UUID, now: Int64, on db: any Database) async throws {
        try await JobModel(kind: kind, subject: subject, now: now).create(on: db)
    }

    /// Leases the oldest due job of `kinds` for `leaseMilliseconds`, or nil.
    public func lease(kinds: [String], now: Int64, leaseMilliseconds: Int64) async throws -> Leased? {
        guard !kinds.isEmpty else { return nil }
        // A read first: workers poll, and an idle queue should cost no write.
        guard try await db.sql().raw("""
            SELECT id FROM jobs WHERE status = \(literal: JobStatus.queued) AND run_after <= \(bind: now)
              AND (lease_until IS NULL OR lease_until < \(bind: now)) AND kind IN (\(binds: kinds)) LIMIT 1
            """).first() != nil else { return nil }
        return try await db.write { tx in
            try await tx.sql().raw("""
                UPDATE jobs SET lease_until = \(bind: now + leaseMilliseconds), attempts = attempts + 1, updated_at = \(bind: now)
                WHERE id = (SELECT id FROM jobs WHERE status = \(literal: JobStatus.queued) AND run_after <= \(bind: now)
                              AND (lease_until IS NULL OR lease_until < \(bind: now)) AND kind IN (\(binds: kinds))
                            ORDER BY run_after, created_at LIMIT 1)
                  AND status = \(literal: JobStatus.queued) AND (lease_until IS NULL OR lease_until < \(bind: now))
                RETURNING id, kind, subject, attempts
                """).first().map(Self.leased)
        }
    }

    private static func leased(_ row: any SQLRow) throws -> Leased {
        Leased(id: try row.decode(column: "id", as: UUID.self), kind: try row.decode(column: "kind", as: String.self),
               subject: try row.decode(column: "subject", as: UUID.self), attempts: try row.decode(column: "attempts", as: Int.self))
    }

    /// The job is done.
    public func complete(_ id: UUID, now: Int64) async throws {
        try await finish(id, status: .done, error: nil, now: now)
    }

    /// The job is given up; it will not run again.
    public func fail(_ id: UUID, error: String, now: Int64) async throws {
        try await finish(id, status: .failed, error: error, now: now)
    }

    /// The job runs again, not before `runAfter`.
    public func retry(_ id: UUID, runAfter: Int64, error: String, now: Int64) async throws {
        try await db.write { tx in
            try await JobModel.query(on: tx).filter(\.$id == id).filter(\.$status == .queued)
                .set(\.$runAfter, to: runAfter).set(\.$leaseUntil, to: nil).set(\.$lastError, to: String(error.prefix(200)))
                .set(\.$updatedAt, to: now).update()
        }
    }

    /// What waits, per kind: queued jobs, and the run-after time of the
    /// oldest one that is due and not leased (nil when none is), for `/metrics`.
    public struct KindStats: Sendable {
        public let kind: String
        public let queued: Int
        public let oldestDueRunAfter: Int64?
        /// Jobs a worker holds now (leased, the lease not yet run out).
        public let running: Int
    }

    public func stats(now: Int64) async throws -> [KindStats] {
        try await db.sql().raw("""
            SELECT kind, COUNT(*) AS queued,
                   MIN(CASE WHEN run_after <= \(bind: now) AND (lease_until IS NULL OR lease_until < \(bind: now)) THEN run_after END) AS oldest_due,
                   SUM(CASE WHEN lease_until >= \(bind: now) THEN 1 ELSE 0 END) AS running
            FROM jobs WHERE status = \(literal: JobStatus.queued) GROUP BY kind
            """).all().map {
            KindStats(kind: try $0.decode(column: "kind", as: String.self), queued: try $0.decode(column: "queued", as: Int.self),
                      oldestDueRunAfter: try $0.decode(column: "oldest_due", as: Int64?.self),
                      running: try $0.decode(column: "running", as: Int?.self) ?? 0)
        }
    }

    /// Jobs of `kind` for `subject`, newest first (for operators and tests).
    public func jobs(kind: String, subject: UUID) async throws -> [JobModel] {
        try await JobModel.query(on: db).filter(\.$kind == kind).filter(\.$subject == subject).sort(\.$createdAt, .descending).all()
    }

    private func finish(_ id: UUID, status: JobStatus, error: String?, now: Int64) async throws {
        try await db.write { tx in try await Self.finish(id, status: status, error: error, now: now, on: tx) }
    }

    /// How a leased job ends, written on the caller's transaction (a batch settles all its jobs in one).
    public enum Settlement: Sendable {
        case done
        case retry(runAfter: Int64, error: String)
        case failed(error: String)
    }

    public static func settle(_ id: UUID, _ settlement: Settlement, now: Int64, on tx: any Database) async throws {
        switch settlement {
        case .done:
            try await finish(id, status: .done, error: nil, now: now, on: tx)
        case .failed(let error):
            try await finish(id, status: .failed, error: error, now: now, on: tx)
        case .retry(let runAfter, let error):
            try await JobModel.query(on: tx).filter(\.$id == id).filter(\.$status == .queued)
                .set(\.$runAfter, to: runAfter).set(\.$leaseUntil, to: nil).set(\.$lastError, to: String(error.prefix(200)))
                .set(\.$updatedAt, to: now).update()
        }
    }

    private static func finish(_ id: UUID, status: JobStatus, error: String?, now: Int64, on tx: any Database) async throws {
        try await JobModel.query(on: tx).filter(\.$id == id).filter(\.$status == .queued)
            .set(\.$status, to: status).set(\.$leaseUntil, to: nil).set(\.$lastError, to: error.map { String($0.prefix(200)) })
            .set(\.$updatedAt, to: now).update()
    }
}
