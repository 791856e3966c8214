import FluentPostgresDriver
import Foundation
import VerityCore

// A PII attempt's statements on PostgreSQL: the charge, the settle, and both
// in one commit when the source answered first. Named and prepared as the
// others are (`PreparedStatements.swift`).

/// `VerificationRepository.chargeAttempt`: the conditional charge and its
/// ledger row in one statement, returning the record as the charge left it.
struct ChargeAttemptStatement: PostgresPreparedStatement {
    static let name = "verity.ChargeAttemptStatement"
    static let sql = """
        WITH charged AS (
          UPDATE identity_verifications SET failed_attempts = failed_attempts + 1, last_attempted_at = $1
          WHERE user_id = $2 AND failed_attempts < $3 AND block IS NULL AND achieved_method = 'NONE'
          RETURNING user_id, achieved_method, verified_at, failed_attempts, block, required_override, last_attempted_at),
        ledger AS (
          INSERT INTO verification_attempts (id, user_id, environment_id, source, outcome, input_digest, attempted_at)
          SELECT $4, user_id, $5, $6, 'pending', $7, $1 FROM charged)
        SELECT achieved_method, verified_at, failed_attempts, block, required_override, last_attempted_at FROM charged
        """
    static let bindingDataTypes: [PostgresDataType] = [.int8, .uuid, .int8, .uuid, .uuid, .text, .text]
    typealias Row = VerificationRepository.StoredRecord

    var now: Int64
    var userID: UUID
    var maxAttempts: Int
    var attemptID: UUID
    var environmentID: UUID
    var source: String
    var inputDigest: String

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 7)
        bindings.append(now)
        bindings.append(userID)
        bindings.append(Int64(maxAttempts))
        bindings.append(attemptID)
        bindings.append(environmentID)
        bindings.append(source)
        bindings.append(inputDigest)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(Row.self) }
}

/// `VerificationRepository.settle`: the settled record written as a
/// compare-and-set against the record the charge left, the ledger row, the
/// decision's event (when there is one and an enabled endpoint of its
/// environment wants its type), and the claim filed for a document match
/// (when there is one), in one statement. One row (how many events
/// were written, and the user's document state for the answer) when the
/// record was as expected; none, and nothing written, when it had changed.
///
/// The document state is read from the statement's snapshot, before its own
/// writes: the only one that touches it, the claim's filing, changes no
/// column the state reads (a row it inserts has no status yet, as no row).
struct SettleAttemptStatement: PostgresPreparedStatement {
    static let name = "verity.SettleAttemptStatement"
    static let sql = """
        WITH settled AS (
          UPDATE identity_verifications SET failed_attempts = $8, achieved_method = $9, verified_at = $10, block = $11
          WHERE \(unchanged)
            AND EXISTS (SELECT 1 FROM verification_attempts WHERE id = $12 AND outcome = \(SQLText.literal(AttemptOutcome.pending)))
          RETURNING user_id),
        ledger AS (
          UPDATE verification_attempts SET outcome = $13, settled_at = $14
          WHERE id = $12 AND EXISTS (SELECT 1 FROM settled)),
        \(effects)
        """

    /// The compare-and-set's condition: user `$1`'s record is still `$2`–`$7`.
    static let unchanged = """
        user_id = $1 AND failed_attempts = $2 AND achieved_method = $3 AND verified_at IS NOT DISTINCT FROM $4
            AND block IS NOT DISTINCT FROM $5 AND required_override IS NOT DISTINCT FROM $6
            AND last_attempted_at IS NOT DISTINCT FROM $7
        """

    /// What follows a written record (CTE `settled`), in this statement and
    /// `ChargeAndSettleStatement` alike: the event, the claim filed, and the
    /// answer's row.
    static let effects = """
        published AS (
          INSERT INTO webhook_events (id, environment_id, user_id, type, data, created_at, fan_out_pending)
          SELECT $15, $16, $17, $18, $19, $14, 1 FROM settled
          WHERE $18 IS NOT NULL
            AND EXISTS (SELECT 1 FROM webhook_endpoints
                        WHERE environment_id = $16 AND status = \(SQLText.literal(WebhookEndpointModel.Status.enabled)) AND position(',' || $18 || ',' in ',' || event_types || ',') > 0)
          RETURNING id),
        filed AS (
          INSERT INTO document_verifications (id, user_id, environment_id, sealed_claim, updated_at)
          SELECT $20, user_id, $21, $22, $14 FROM settled WHERE $22 IS NOT NULL
          ON CONFLICT (user_id) DO UPDATE SET sealed_claim = excluded.sealed_claim, updated_at = excluded.updated_at)
        SELECT (SELECT count(*) FROM published), ds.*
        FROM settled LEFT JOIN (\(UserDocumentState.select) $1) ds ON true
        """
    static let bindingDataTypes: [PostgresDataType] = [
        .uuid, .int8, .text, .int8, .text, .text, .int8,
        .int8, .text, .int8, .text,
        .uuid, .text, .int8,
        .uuid, .uuid, .uuid, .text, .bytea,
        .uuid, .uuid, .bytea,
    ]
    typealias Row = (published: Int64, documentState: UserDocumentState)

    var expected: VerificationRecord
    var settled: VerificationRecord
    var userID: UUID
    var attemptID: UUID
    var outcome: String
    var now: Int64
    var eventID: UUID
    var event: WebhookEventDraft?
    var claim: FiledClaim?

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 22)
        bindings.append(userID)
        bindings.append(Int64(expected.failedAttempts))
        bindings.append(expected.achievedMethod.rawValue)
        bindings.append(expected.verifiedAtEpochMs)
        bindings.append(expected.block?.rawValue)
        bindings.append(expected.requiredMethodOverride?.rawValue)
        bindings.append(expected.lastAttemptedAtEpochMs)
        bindings.append(Int64(settled.failedAttempts))
        bindings.append(settled.achievedMethod.rawValue)
        bindings.append(settled.verifiedAtEpochMs)
        bindings.append(settled.block?.rawValue)
        bindings.append(attemptID)
        bindings.append(outcome)
        bindings.append(now)
        bindings.append(eventID)
        bindings.append(event?.environmentID)
        bindings.append(event?.userID)
        bindings.append(event?.type.rawValue)
        bindings.append(event.map { ByteBuffer(bytes: $0.data) })
        bindings.append(UUID.random())
        bindings.append(claim?.environmentID)
        bindings.append(claim.map { ByteBuffer(bytes: $0.sealed) })
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Row {
        let (published, status, linkID, linkEnvironment, linkCreated, opens, submissions,
             checkID, checkStatus, flow, documentType, country, reasons, checkCreated, finished) = try row.decode(
            (Int64, String?, UUID?, UUID?, Int64?, Int?, Int?, UUID?, String?, String?, String?, String?, String?, Int64?, Int64?).self)
        return (published, UserDocumentState((status, linkID, linkEnvironment, linkCreated, opens, submissions,
                                              checkID, checkStatus, flow, documentType, country, reasons, checkCreated, finished)))
    }
}

/// `VerificationRepository.chargeAndSettle`: an attempt whose source answered
/// before the charge, charged and settled in one statement (one commit): the
/// settled record written as a compare-and-set against the record the
/// session read (`expected`), its ledger row inserted settled, and
/// `SettleAttemptStatement`'s effects. No row, and nothing written, when the
/// record moved since it was read.
///
/// Bindings `$1`–`$22` are the settle's (`$12` the new ledger row's id; the
/// settle's pending-attempt check has no place here), then `$23` source,
/// `$24` input digest, `$25` environment.
struct ChargeAndSettleStatement: PostgresPreparedStatement {
    static let name = "verity.ChargeAndSettleStatement"
    static let sql = """
        WITH settled AS (
          UPDATE identity_verifications
          SET failed_attempts = $8, achieved_method = $9, verified_at = $10, block = $11, last_attempted_at = $14
          WHERE \(SettleAttemptStatement.unchanged)
          RETURNING user_id),
        ledger AS (
          INSERT INTO verification_attempts (id, user_id, environment_id, source, outcome, input_digest, attempted_at, settled_at)
          SELECT $12, user_id, $25, $23, $13, $24, $14, $14 FROM settled),
        \(SettleAttemptStatement.effects)
        """
    static let bindingDataTypes = SettleAttemptStatement.bindingDataTypes + [.text, .text, .uuid]
    typealias Row = SettleAttemptStatement.Row

    var settle: SettleAttemptStatement
    var source: String
    var inputDigest: String
    var environmentID: UUID

    func makeBindings() throws -> PostgresBindings {
        var bindings = try settle.makeBindings()
        bindings.append(source)
        bindings.append(inputDigest)
        bindings.append(environmentID)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Row { try settle.decodeRow(row) }
}
