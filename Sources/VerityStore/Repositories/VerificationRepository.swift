import Fluent
import Foundation
import SQLKit
import VerityCore

/// Users' verification records and the attempt ledger.
///
/// Attempts are charged with one conditional UPDATE before the data source is
/// asked, so concurrent requests from one user can never exceed the limit,
/// and settled afterwards; every change to the counter writes a ledger row in
/// the same transaction.
public struct VerificationRepository: Sendable {
    let db: any Database

    public init(db: any Database) { self.db = db }

    public func record(userID: UUID) async throws -> VerificationRecord {
        try await model(userID: userID, on: db).record
    }

    /// Charges one attempt if the user may still attempt. Returns the ledger
    /// row's id, or nil when no attempt is allowed.
    public func chargeAttempt(userID: UUID, environmentID: UUID, maxAttempts: Int, source: String,
                              inputDigest: String, now: Int64) async throws -> UUID? {
        try await db.transaction { tx in
            // A write comes first so SQLite takes its write lock at once.
            let charged = try await sql(tx).raw("""
                UPDATE identity_verifications
                SET failed_attempts = failed_attempts + 1, last_attempted_at = \(bind: now)
                WHERE user_id = \(bind: userID) AND failed_attempts < \(bind: maxAttempts)
                  AND block IS NULL AND achieved_method = \(bind: VerificationMethod.none.rawValue)
                RETURNING id
                """).all()
            guard !charged.isEmpty else { return nil }
            let attempt = VerificationAttemptModel(userID: userID, environmentID: environmentID, source: source,
                                                   inputDigest: inputDigest, attemptedAt: now)
            try await attempt.create(on: tx)
            return try attempt.requireID()
        }
    }

    /// Records what the data source said (`outcome` nil: it could not answer).
    public func settle(attemptID: UUID, userID: UUID, outcome: DataSourceOutcome?, now: Int64) async throws {
        let settlement = outcome.map(AttemptSettlement.settling) ?? .unanswered
        try await db.transaction { tx in
            let sql = sql(tx)
            if settlement.refund {
                try await sql.raw("""
                    UPDATE identity_verifications SET failed_attempts = failed_attempts - 1
                    WHERE user_id = \(bind: userID) AND failed_attempts > 0
                    """).run()
            }
            if let achieved = settlement.achieved {
                try await sql.raw("""
                    UPDATE identity_verifications SET achieved_method = \(bind: achieved.rawValue), verified_at = \(bind: now)
                    WHERE user_id = \(bind: userID)
                    """).run()
            }
            if let block = settlement.block {
                try await sql.raw("""
                    UPDATE identity_verifications SET block = \(bind: block.rawValue) WHERE user_id = \(bind: userID)
                    """).run()
            }
            try await VerificationAttemptModel.query(on: tx).filter(\.$id == attemptID)
                .set(\.$outcome, to: outcome?.rawValue ?? "unanswered").set(\.$settledAt, to: now).update()
        }
    }

    /// The administrative reset: the user starts again as if never attempted.
    /// A per-user required level set by an administrator stays.
    public func reset(userID: UUID) async throws {
        try await IdentityVerificationModel.query(on: db).filter(\.$user.$id == userID)
            .set(\.$achievedMethod, to: VerificationMethod.none.rawValue)
            .set(\.$verifiedAt, to: nil)
            .set(\.$failedAttempts, to: 0)
            .set(\.$block, to: nil)
            .set(\.$lastAttemptedAt, to: nil)
            .update()
    }

    /// Sets (or with nil clears) the level an administrator requires of this user.
    public func setRequiredOverride(userID: UUID, method: VerificationMethod?) async throws {
        try await IdentityVerificationModel.query(on: db).filter(\.$user.$id == userID)
            .set(\.$requiredOverride, to: method?.rawValue).update()
    }

    public func attempts(userID: UUID) async throws -> [VerificationAttemptModel] {
        try await VerificationAttemptModel.query(on: db).filter(\.$user.$id == userID).sort(\.$attemptedAt).all()
    }

    private func model(userID: UUID, on db: any Database) async throws -> IdentityVerificationModel {
        guard let model = try await IdentityVerificationModel.query(on: db).filter(\.$user.$id == userID).first() else {
            throw StoreError.corruptRecord(IdentityVerificationModel.schema)
        }
        return model
    }

    private func sql(_ db: any Database) -> any SQLDatabase {
        // Both drivers Verity ships (SQLite, PostgreSQL) are SQL databases.
        db as! any SQLDatabase
    }
}
