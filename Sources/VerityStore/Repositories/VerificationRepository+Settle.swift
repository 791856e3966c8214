import Fluent
import Foundation
import SQLKit
import VerityCore

/// An attempt charged and not yet settled.
public struct ChargedAttempt: Sendable {
    /// The ledger row's id.
    public let id: UUID
    public let userID: UUID
    /// The user's record as the charge left it.
    public let record: VerificationRecord
}

/// A settled attempt: the user's record as it now stands, and whether its
/// event was written for some endpoint (the dispatcher has work).
public struct SettledAttempt: Sendable {
    public let record: VerificationRecord
    public let published: Bool
}

extension VerificationRepository {
    /// Records what the data source said (`outcome` nil: it could not answer),
    /// with the event `event` draws from the settled record, written in the
    /// same commit when an enabled endpoint wants it: the decision and its
    /// webhook land together or not at all.
    ///
    /// The rule is Swift's (`AttemptSettlement.applied`). On PostgreSQL the
    /// settled record is written as a compare-and-set against the record the
    /// charge left, with the ledger and the event, in one statement: one round
    /// trip where a transaction took four. Only if the record changed since
    /// the charge (the user's other attempt settled, an administrator acted)
    /// does the settle lock the row and read it again; on SQLite, which holds
    /// its one writer anyway, that is the only way.
    public func settle(_ attempt: ChargedAttempt, outcome: DataSourceOutcome?, now: Int64,
                       event: (@Sendable (VerificationRecord) -> WebhookEventDraft?)? = nil) async throws -> SettledAttempt {
        let settlement = outcome.map(AttemptSettlement.settling) ?? .unanswered
        let outcomeName = outcome?.rawValue ?? "unanswered"
        let settled = settlement.applied(to: attempt.record, now: now)
        let draft = event?(settled)
        if let rows = try await db.prepared(SettleAttemptStatement(
            expected: attempt.record, settled: settled, userID: attempt.userID, attemptID: attempt.id, outcome: outcomeName,
            now: now, eventID: UUID(), event: draft)) {
            if let published = rows.first { return SettledAttempt(record: settled, published: published > 0) }
        }
        return try await db.write { tx in
            let sql = self.sql(tx)
            // The ledger's write comes first so SQLite takes its write lock at once.
            try await sql.raw("""
                UPDATE verification_attempts SET outcome = \(bind: outcomeName), settled_at = \(bind: now)
                WHERE id = \(bind: attempt.id)
                """).run()
            let lock: SQLQueryString = sql.dialect.name == "postgresql" ? " FOR UPDATE" : ""
            guard let row = try await sql.raw("""
                SELECT \(unsafeRaw: Self.recordColumns) FROM identity_verifications WHERE user_id = \(bind: attempt.userID)\(lock)
                """).first() else { throw StoreError.corruptRecord(IdentityVerificationModel.schema) }
            let record = settlement.applied(to: try Self.record(from: row), now: now)
            try await sql.raw("""
                UPDATE identity_verifications SET failed_attempts = \(bind: record.failedAttempts),
                  achieved_method = \(bind: record.achievedMethod.rawValue), verified_at = \(bind: record.verifiedAtEpochMs),
                  block = \(bind: record.block?.rawValue)
                WHERE user_id = \(bind: attempt.userID)
                """).run()
            let published = try await WebhookOutbox.publish(event.flatMap { $0(record) }.map { [$0] } ?? [], now: now, on: tx)
            return SettledAttempt(record: record, published: published)
        }
    }
}
