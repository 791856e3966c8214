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

/// The PII claim an answered attempt files, sealed, for matching a later
/// document against (`verifyIdentityDocument`); written with the settlement,
/// in its commit.
public struct FiledClaim: Sendable {
    public let environmentID: UUID
    public let sealed: Data

    public init(environmentID: UUID, sealed: Data) {
        self.environmentID = environmentID
        self.sealed = sealed
    }
}

/// A settled attempt: the user's record as it now stands, and whether its
/// event was written for some endpoint (the dispatcher has work).
public struct SettledAttempt: Sendable {
    public let record: VerificationRecord
    public let published: Bool
    /// The user's document state, read with the settlement where that costs
    /// no round trip (PostgreSQL's one statement); nil: read it.
    public var documentState: UserDocumentState? = nil
}

extension VerificationRepository {
    /// Records what the data source said (`outcome` nil: it could not answer),
    /// with the event `event` draws from the settled record, written in the
    /// same commit when an enabled endpoint wants it: the decision and its
    /// webhook land together or not at all. `claim`, when given, is filed in
    /// that commit too (one commit per answered attempt, not two).
    ///
    /// The rule is Swift's (`AttemptSettlement.applied`). The settled record is
    /// written as a compare-and-set against the record the charge left; only
    /// if it changed since the charge (the user's other attempt settled, an
    /// administrator acted) is the row read again. On PostgreSQL that, the
    /// ledger and the event are one statement (data-modifying CTEs); on
    /// SQLite, a transaction of two, the event riding on the ledger's.
    public func settle(_ attempt: ChargedAttempt, outcome: DataSourceOutcome?, now: Int64, filing claim: FiledClaim? = nil,
                       event: (@Sendable (VerificationRecord) -> WebhookEventDraft?)? = nil) async throws -> SettledAttempt {
        let settlement = outcome.map(AttemptSettlement.settling) ?? .unanswered
        let outcomeName = outcome?.rawValue ?? "unanswered"
        let settled = settlement.applied(to: attempt.record, now: now)
        let draft = event?(settled)
        if let rows = try await db.preparedWrite(SettleAttemptStatement(
            expected: attempt.record, settled: settled, userID: attempt.userID, attemptID: attempt.id, outcome: outcomeName,
            now: now, eventID: .random(), event: draft, claim: claim)) {
            if let row = rows.first {
                return SettledAttempt(record: settled, published: row.published > 0, documentState: row.documentState)
            }
        }
        return try await db.write { tx in
            let sql = try tx.sql()
            let postgres = sql.dialect.name == "postgresql"
            // SQLite: the record as a compare-and-set against the one the
            // charge left, as on PostgreSQL. Read again (on PostgreSQL, whose
            // compare failed above, locked first) only if it changed since.
            var record = settled
            let swapped = postgres ? false : try await Self.store(settled, userID: attempt.userID, ifStill: attempt.record,
                                                                 attemptPending: attempt.id, on: sql)
            if !swapped {
                guard let current = try await Self.lockedRecord(userID: attempt.userID, on: sql) else {
                    throw StoreError.corruptRecord(IdentityVerificationModel.schema)
                }
                // Settled already: housekeeping gave the attempt back as
                // abandoned (`settleAbandoned`) while this one was away. Once is all.
                guard try await Self.isPending(attempt.id, on: sql) else { return SettledAttempt(record: current, published: false) }
                record = settlement.applied(to: current, now: now)
                try await Self.store(record, userID: attempt.userID, on: sql)
            }
            if let claim {
                try await DocumentCheckRepository.file(claim, userID: attempt.userID, now: now, on: sql)
            }
            let decided = record == settled ? draft : event?(record)
            guard postgres else {
                let published = try await Self.recordOutcome(outcomeName, attemptID: attempt.id, now: now, event: decided, on: sql)
                return SettledAttempt(record: record, published: published)
            }
            try await Self.recordOutcome(outcomeName, attemptID: attempt.id, now: now, event: nil, on: sql)
            let published = try await WebhookOutbox.publish(decided.map { [$0] } ?? [], now: now, on: tx)
            return SettledAttempt(record: record, published: published)
        }
    }

    static func isPending(_ attemptID: UUID, on sql: any SQLDatabase) async throws -> Bool {
        try await sql.raw("""
            SELECT 1 AS pending FROM verification_attempts WHERE id = \(bind: attemptID) AND outcome = \(literal: AttemptOutcome.pending)
            """).first() != nil
    }

    /// Writes `record` (its attempt time too: a settle's record carries the
    /// one its charge wrote); with `expected` (SQLite only: `IS` compares
    /// NULLs there), only if the stored record is still that and, with
    /// `attemptPending`, that attempt still unsettled: a compare-and-set.
    /// Returns whether it was written.
    @discardableResult
    static func store(_ record: VerificationRecord, userID: UUID, ifStill expected: VerificationRecord? = nil,
                      attemptPending: UUID? = nil, on sql: any SQLDatabase) async throws -> Bool {
        let unchanged: SQLQueryString = expected.map { expected in """
             AND failed_attempts = \(bind: expected.failedAttempts) AND achieved_method = \(bind: expected.achievedMethod.rawValue)
              AND verified_at IS \(bind: expected.verifiedAtEpochMs) AND block IS \(bind: expected.block?.rawValue)
              AND required_override IS \(bind: expected.requiredMethodOverride?.rawValue)
              AND last_attempted_at IS \(bind: expected.lastAttemptedAtEpochMs)
            """ } ?? ""
        let pending: SQLQueryString = attemptPending.map { attemptID in """
             AND EXISTS (SELECT 1 FROM verification_attempts WHERE id = \(bind: attemptID) AND outcome = \(literal: AttemptOutcome.pending))
            """ } ?? ""
        return try await sql.raw("""
            UPDATE identity_verifications SET failed_attempts = \(bind: record.failedAttempts),
              achieved_method = \(bind: record.achievedMethod.rawValue), verified_at = \(bind: record.verifiedAtEpochMs),
              block = \(bind: record.block?.rawValue), last_attempted_at = \(bind: record.lastAttemptedAtEpochMs)
            WHERE user_id = \(bind: userID)\(unchanged)\(pending)
            RETURNING user_id
            """).first() != nil
    }

    /// The attempt's outcome; on SQLite with `event`, kept on the attempt's
    /// row when an enabled endpoint wants its type, for the dispatcher to lift
    /// (`LedgerEvents`): a listening environment's decision costs SQLite no
    /// statement more. Returns whether an endpoint wants the event.
    @discardableResult
    private static func recordOutcome(_ outcome: String, attemptID: UUID, now: Int64, event: WebhookEventDraft?,
                                      on sql: any SQLDatabase) async throws -> Bool {
        guard let event else {
            try await sql.raw("""
                UPDATE verification_attempts SET outcome = \(bind: outcome), settled_at = \(bind: now) WHERE id = \(bind: attemptID)
                """).run()
            return false
        }
        let listened: SQLQueryString = """
            EXISTS (SELECT 1 FROM webhook_endpoints e WHERE e.environment_id = verification_attempts.environment_id
                    AND e.status = \(literal: WebhookEndpointModel.Status.enabled) AND instr(',' || e.event_types || ',', ',' || \(bind: event.type) || ',') > 0)
            """
        let row = try await sql.raw("""
            UPDATE verification_attempts SET outcome = \(bind: outcome), settled_at = \(bind: now),
              event_type = CASE WHEN \(listened) THEN \(bind: event.type) END,
              event_data = CASE WHEN \(listened) THEN \(bind: event.data) END
            WHERE id = \(bind: attemptID)
            RETURNING event_type IS NOT NULL AS published
            """).first()
        return try row?.decode(column: "published", as: Bool.self) ?? false
    }
}
