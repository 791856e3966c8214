import Fluent
import Foundation
import SQLKit
import VerityCore

/// An attempt the data source answered before it was charged.
public struct AnsweredAttempt: Sendable {
    /// The ledger row's id, once written (and the decision event's `attemptId`).
    public let id: UUID
    public let userID: UUID
    public let environmentID: UUID
    /// The source's name, for the ledger ("registry").
    public let source: String
    public let inputDigest: String
    public let outcome: DataSourceOutcome

    public init(id: UUID = .random(), userID: UUID, environmentID: UUID, source: String, inputDigest: String, outcome: DataSourceOutcome) {
        self.id = id
        self.userID = userID
        self.environmentID = environmentID
        self.source = source
        self.inputDigest = inputDigest
        self.outcome = outcome
    }
}

extension VerificationRepository {
    /// Charges and settles `attempt` in one commit, for a source that may be
    /// asked before the charge because asking it only reads this database
    /// (the reference registry): a charge, a settlement, the decision's event
    /// and the filed claim, the ledger row written already settled.
    ///
    /// `expected` is the user's record as the caller read it (with its
    /// session); the caller asked only because that record allowed an attempt
    /// (`mayAttempt`). The settled record is written as a compare-and-set
    /// against it, so concurrent attempts never exceed the limit: nil, and
    /// nothing written, when the record moved since; the caller then charges
    /// and settles the two-step way (`chargeAttempt`, `settle`), which checks
    /// the limit against the record as it stands.
    ///
    /// On PostgreSQL one statement (`ChargeAndSettleStatement`); on SQLite one
    /// transaction: the record, the ledger row with the event riding on it,
    /// the claim.
    public func chargeAndSettle(_ attempt: AnsweredAttempt, expected: VerificationRecord, now: Int64, filing claim: FiledClaim? = nil,
                                event: (@Sendable (VerificationRecord) -> WebhookEventDraft?)? = nil) async throws -> SettledAttempt? {
        var charged = expected
        charged.failedAttempts += 1
        charged.lastAttemptedAtEpochMs = now
        let settled = AttemptSettlement.settling(attempt.outcome).applied(to: charged, now: now)
        let draft = event?(settled)
        let settle = SettleAttemptStatement(
            expected: expected, settled: settled, userID: attempt.userID, attemptID: attempt.id, outcome: attempt.outcome.rawValue,
            now: now, eventID: .random(), event: draft, claim: claim)
        if let rows = try await db.preparedWrite(ChargeAndSettleStatement(
            settle: settle, source: attempt.source, inputDigest: attempt.inputDigest, environmentID: attempt.environmentID)) {
            return rows.first.map { SettledAttempt(record: settled, published: $0.published > 0, documentState: $0.documentState) }
        }
        return try await db.write { tx in
            let sql = try tx.sql()
            guard try await Self.store(settled, userID: attempt.userID, ifStill: expected, on: sql) else { return nil }
            let published = try await Self.insertSettled(attempt, now: now, event: draft, on: sql)
            if let claim {
                try await DocumentCheckRepository.file(claim, userID: attempt.userID, now: now, on: sql)
            }
            return SettledAttempt(record: settled, published: published)
        }
    }

    /// SQLite: the ledger row, settled, with the decision's event on it when
    /// an enabled endpoint wants its type (`LedgerEvents` lifts it). Whether
    /// one does.
    private static func insertSettled(_ attempt: AnsweredAttempt, now: Int64, event: WebhookEventDraft?,
                                      on sql: any SQLDatabase) async throws -> Bool {
        let listened: SQLQueryString = """
            \(bind: event?.type) IS NOT NULL AND EXISTS (SELECT 1 FROM webhook_endpoints e
              WHERE e.environment_id = \(bind: attempt.environmentID) AND e.status = \(literal: WebhookEndpointModel.Status.enabled)
                AND instr(',' || e.event_types || ',', ',' || \(bind: event?.type) || ',') > 0)
            """
        let row = try await sql.raw("""
            INSERT INTO verification_attempts (id, user_id, environment_id, source, outcome, input_digest, attempted_at, settled_at,
                                               event_type, event_data)
            SELECT \(bind: attempt.id), \(bind: attempt.userID), \(bind: attempt.environmentID), \(bind: attempt.source),
                   \(bind: attempt.outcome.rawValue), \(bind: attempt.inputDigest), \(bind: now), \(bind: now),
                   CASE WHEN \(listened) THEN \(bind: event?.type) END, CASE WHEN \(listened) THEN \(bind: event?.data) END
            RETURNING event_type IS NOT NULL AS published
            """).first()
        return try row?.decode(column: "published", as: Bool.self) ?? false
    }
}
