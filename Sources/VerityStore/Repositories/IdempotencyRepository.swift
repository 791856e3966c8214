import Fluent
import Foundation
import SQLKit

/// `Idempotency-Key` bookkeeping: the first request with a key claims it, the
/// answer is stored when it is known, and later requests with the key get
/// that answer. Claims are inserts on a unique key, so two servers racing
/// with one key run the work once. A scope is whoever owns the keys: a
/// client key, a user, an environment (its secret keys together).
public struct IdempotencyRepository: Sendable {
    let db: any Database

    public init(db: any Database) { self.db = db }

    public static let retentionMilliseconds: Int64 = 24 * 3_600_000
    /// How often the server running a claim's request says it still runs it
    /// (`heartbeat`), once the request has run this long.
    public static let heartbeatMilliseconds: Int64 = 5_000
    /// A claim nobody said was alive for this long belongs to a server that
    /// died mid-request: four heartbeats missed.
    public static let abandonedAfterMilliseconds: Int64 = 20_000

    public enum Claim: Sendable {
        /// This request runs the work, under this claim (what marks, answers
        /// and releases it, and nothing a later claim of the key took over).
        case claimed(IdempotentWork)
        /// An earlier request with the key finished: its status and sealed body.
        case answered(status: Int, body: Data)
        /// An earlier request with the key is still running.
        case inProgress
        /// The key was used for a different request.
        case otherRequest
        /// The first request's work was committed but its answer was lost
        /// (its server died, or failed after the commit): the work is not
        /// done again, and the answer cannot be given.
        case answerLost
    }

    /// `requestHash` is stored with a new claim; a claim made earlier matches
    /// it, or one of `alsoMatching` (the same request's fingerprint as an
    /// earlier release or index key made it, for a retry across an upgrade).
    public func claim(scopeID: UUID, keyHash: String, requestHash: String, alsoMatching: [String] = [],
                      now: Int64, protector: DataProtector) async throws -> Claim {
        let id = UUID()
        return try await db.write { tx in
            let sql = try tx.sql()
            try await sql.raw("""
                DELETE FROM idempotency_keys WHERE scope_id = \(bind: scopeID) AND created_at < \(bind: now - Self.retentionMilliseconds)
                """).run()
            let inserted = try await sql.raw("""
                INSERT INTO idempotency_keys (id, scope_id, key_hash, request_hash, created_at, alive_at)
                VALUES (\(bind: id), \(bind: scopeID), \(bind: keyHash), \(bind: requestHash), \(bind: now), \(bind: now))
                ON CONFLICT (scope_id, key_hash) DO NOTHING RETURNING id
                """).first()
            if inserted != nil { return .claimed(IdempotentWork(scopeID: scopeID, keyHash: keyHash, claimedAt: now, rowID: id)) }
            guard let row = try await sql.raw("""
                SELECT id, request_hash, status, sealed_body, created_at, alive_at, work_committed FROM idempotency_keys
                WHERE scope_id = \(bind: scopeID) AND key_hash = \(bind: keyHash)
                """).first() else { return .inProgress }
            let claimedFor = try row.decode(column: "request_hash", as: String.self)
            guard claimedFor == requestHash || alsoMatching.contains(claimedFor) else { return .otherRequest }
            let rowID = try row.decode(column: "id", as: UUID.self)
            let committed = try row.decode(column: "work_committed", as: Int64?.self) != nil
            let stored = try row.decode(column: "status", as: Int?.self)
            guard let status = stored, let body = try row.decode(column: "sealed_body", as: Data?.self) else {
                if committed, stored == Self.answerLostStatus { return .answerLost }
                // Not said to be alive this long, the claim was a dead server's: this request takes
                // it over, unless that server's work was committed.
                let claimedAt = try row.decode(column: "created_at", as: Int64.self)
                let aliveAt = try row.decode(column: "alive_at", as: Int64?.self) ?? claimedAt
                let cutoff = now - Self.abandonedAfterMilliseconds
                guard aliveAt < cutoff else { return .inProgress }
                if committed { return .answerLost }
                let taken = try await sql.raw("""
                    UPDATE idempotency_keys SET created_at = \(bind: now), alive_at = \(bind: now)
                    WHERE scope_id = \(bind: scopeID) AND key_hash = \(bind: keyHash) AND created_at = \(bind: claimedAt)
                      AND status IS NULL AND COALESCE(alive_at, created_at) < \(bind: cutoff)
                    RETURNING id
                    """).first()
                return taken == nil ? .inProgress : .claimed(IdempotentWork(scopeID: scopeID, keyHash: keyHash, claimedAt: now, rowID: rowID))
            }
            return .answered(status: status, body: try protector.open(body, at: .of(.idempotentBody, rowID)))
        }
    }

    /// Says the requests holding `claims` still run (each unanswered claim
    /// among them is alive as of `now`). Returns how many were still held.
    @discardableResult
    public func heartbeat(_ claims: [IdempotentWork], now: Int64) async throws -> Int {
        guard !claims.isEmpty else { return 0 }
        return try await db.write { tx in
            let sql = try tx.sql()
            var alive = 0
            for claim in claims {
                alive += try await sql.raw("""
                    UPDATE idempotency_keys SET alive_at = \(bind: now) WHERE \(claim.held) AND status IS NULL RETURNING id
                    """).all().count
            }
            return alive
        }
    }

    /// Keeps the answer of a claimed key, sealed to its row.
    public func answer(_ claim: IdempotentWork, status: Int, body: Data, protector: DataProtector) async throws {
        let sealedBody = try protector.seal(body, at: .of(.idempotentBody, claim.rowID))
        try await db.write { tx in
            try await tx.sql().raw("""
                UPDATE idempotency_keys SET status = \(bind: status), sealed_body = \(bind: sealedBody)
                WHERE \(claim.held)
                """).run()
        }
    }

    /// `status` of a claim whose work was committed and whose answer was lost.
    static let answerLostStatus = 0

    /// Gives a claimed key up (the server failed): a retry runs the work
    /// again, unless some of it was committed, when a retry learns the answer
    /// was lost. A claim another request took over since is left to it.
    public func release(_ claim: IdempotentWork) async throws {
        try await db.write { tx in
            let sql = try tx.sql()
            try await sql.raw("""
                DELETE FROM idempotency_keys WHERE \(claim.held) AND work_committed IS NULL
                """).run()
            try await sql.raw("""
                UPDATE idempotency_keys SET status = \(bind: Self.answerLostStatus) WHERE \(claim.held) AND status IS NULL
                """).run()
        }
    }

    /// Housekeeping: every key older than the retention, whichever scope
    /// made it (a key never used again would keep its answers otherwise); returns how many.
    @discardableResult
    public func purge(now: Int64) async throws -> Int {
        try await db.write { tx in
            try await tx.sql().raw("""
                DELETE FROM idempotency_keys WHERE created_at < \(bind: now - Self.retentionMilliseconds) RETURNING id
                """).all().count
        }
    }
}
