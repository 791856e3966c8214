import Fluent
import Foundation
import SQLKit
import VerityCore

/// Users' verification records and the attempt ledger.
///
/// Attempts are charged with one conditional UPDATE before an outside data
/// source is asked, so concurrent requests from one user can never exceed
/// the limit, and settled afterwards; an attempt the local registry answered
/// first is charged and settled at once, as a compare-and-set
/// (`chargeAndSettle`). Every change to the counter writes a ledger row in
/// the same transaction.
public struct VerificationRepository: Sendable {
    let db: any Database

    public init(db: any Database) { self.db = db }

    public func record(userID: UUID) async throws -> VerificationRecord {
        let row = try await db.sql().raw("""
            SELECT \(unsafeRaw: Self.recordColumns) FROM identity_verifications WHERE user_id = \(bind: userID)
            """).first()
        guard let row else { throw StoreError.corruptRecord(IdentityVerificationModel.schema) }
        return try Self.record(from: row)
    }

    static let recordColumns = "achieved_method, verified_at, failed_attempts, block, required_override, last_attempted_at"

    /// The user's record read inside a write, locked on PostgreSQL until it
    /// commits (SQLite's one writer holds it already): what a settle reads
    /// before changing it. Nil when the user has none.
    static func lockedRecord(userID: UUID, on sql: any SQLDatabase) async throws -> VerificationRecord? {
        let lock: SQLQueryString = sql.dialect.name == "postgresql" ? " FOR UPDATE" : ""
        return try await sql.raw("""
            SELECT \(unsafeRaw: recordColumns) FROM identity_verifications WHERE user_id = \(bind: userID)\(lock)
            """).first().map(record(from:))
    }

    /// `recordColumns` as stored, in order.
    typealias StoredRecord = (String, Int64?, Int, String?, String?, Int64?)

    static func record(from row: any SQLRow) throws -> VerificationRecord {
        record(from: (
            try row.decode(column: "achieved_method", as: String.self), try row.decode(column: "verified_at", as: Int64?.self),
            try row.decode(column: "failed_attempts", as: Int.self), try row.decode(column: "block", as: String?.self),
            try row.decode(column: "required_override", as: String?.self),
            try row.decode(column: "last_attempted_at", as: Int64?.self)))
    }

    /// The one place stored text becomes domain values (SQLite and PostgreSQL alike).
    static func record(from stored: StoredRecord) -> VerificationRecord {
        VerificationRecord(
            achievedMethod: VerificationMethod(rawValue: stored.0) ?? .none, verifiedAtEpochMs: stored.1,
            failedAttempts: stored.2, block: stored.3.flatMap(VerificationBlock.init(rawValue:)),
            requiredMethodOverride: stored.4.flatMap(VerificationMethod.init(rawValue:)), lastAttemptedAtEpochMs: stored.5)
    }

    /// Charges one attempt if the user may still attempt. Returns the ledger
    /// row's id and the user's record as the charge left it (what `settle`
    /// expects to find), or nil when no attempt is allowed.
    ///
    /// PostgreSQL does it in one prepared statement (a data-modifying CTE);
    /// SQLite, which has none, in a transaction of two.
    public func chargeAttempt(userID: UUID, environmentID: UUID, maxAttempts: Int, source: String,
                              inputDigest: String, now: Int64) async throws -> ChargedAttempt? {
        let attemptID = UUID.random()
        if let rows = try await db.preparedWrite(ChargeAttemptStatement(
            now: now, userID: userID, maxAttempts: maxAttempts, attemptID: attemptID, environmentID: environmentID,
            source: source, inputDigest: inputDigest)) {
            return rows.first.map { ChargedAttempt(id: attemptID, userID: userID, record: Self.record(from: $0)) }
        }
        return try await db.write { tx in
            // The write comes first so SQLite takes its write lock at once.
            guard let row = try await tx.sql().raw("""
                UPDATE identity_verifications
                SET failed_attempts = failed_attempts + 1, last_attempted_at = \(bind: now)
                WHERE user_id = \(bind: userID) AND failed_attempts < \(bind: maxAttempts)
                  AND block IS NULL AND achieved_method = \(bind: VerificationMethod.none.rawValue)
                RETURNING \(unsafeRaw: Self.recordColumns)
                """).first() else { return nil }
            try await tx.sql().raw("""
                INSERT INTO verification_attempts (id, user_id, environment_id, source, outcome, input_digest, attempted_at)
                VALUES (\(bind: attemptID), \(bind: userID), \(bind: environmentID), \(bind: source), 'pending',
                        \(bind: inputDigest), \(bind: now))
                """).run()
            return ChargedAttempt(id: attemptID, userID: userID, record: try Self.record(from: row))
        }
    }

    /// The administrative reset: the user starts again as if never attempted.
    /// A per-user required level set by an administrator stays.
    public static func reset(userID: UUID, on tx: any Database) async throws {
        try await IdentityVerificationModel.query(on: tx).filter(\.$user.$id == userID)
            .set(\.$achievedMethod, to: VerificationMethod.none.rawValue)
            .set(\.$verifiedAt, to: nil)
            .set(\.$failedAttempts, to: 0)
            .set(\.$block, to: nil)
            .set(\.$lastAttemptedAt, to: nil)
            .update()
    }

    /// Sets (or with nil clears) the level an administrator requires of this user.
    public static func setRequiredOverride(userID: UUID, method: VerificationMethod?, on tx: any Database) async throws {
        try await IdentityVerificationModel.query(on: tx).filter(\.$user.$id == userID)
            .set(\.$requiredOverride, to: method?.rawValue).update()
    }

    /// The newest attempts in an environment, newest first.
    public func attempts(environmentID: UUID, limit: Int) async throws -> [VerificationAttemptModel] {
        try await VerificationAttemptModel.query(on: db).filter(\.$environmentID == environmentID)
            .sort(\.$attemptedAt, .descending).limit(limit).all()
    }
}
