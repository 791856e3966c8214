import Fluent
import SQLKit

/// Events that wait on their outcome's own row, not in `webhook_events`: on
/// SQLite, an identity decision's event is written by the settle onto the
/// attempt's ledger row (`event_type`, `event_data`), in the same statement
/// as the decision, and the dispatcher's fan-out lifts a batch of them into
/// `webhook_events` before it makes their deliveries. The settle holds the
/// one writer; one more row and two index entries in every settle cost it
/// more than the lift costs a batch (`LiftIdentityEventsAtFanOut`).
///
/// PostgreSQL writes the event in the settle's own statement (a CTE), so
/// nothing waits here there.
enum LedgerEvents {
    /// Rows carrying an event, in the order they were decided (the partial
    /// index `verification_attempts_event_pending`).
    private static func waiting(limit: Int) -> SQLQueryString {
        """
        SELECT id FROM verification_attempts WHERE event_type IS NOT NULL ORDER BY settled_at, id LIMIT \(bind: limit)
        """
    }

    /// Whether any row carries an event (SQL; one read of the partial index).
    static let anyWaiting = "EXISTS (SELECT 1 FROM verification_attempts WHERE event_type IS NOT NULL)"

    /// How many rows carry an event, and when the oldest was decided.
    static func awaiting(on sql: any SQLDatabase) async throws -> (events: Int, oldestCreatedAt: Int64?) {
        guard let row = try await sql.raw("""
            SELECT COUNT(*) AS events, MIN(settled_at) AS oldest FROM verification_attempts WHERE event_type IS NOT NULL
            """).first() else { return (0, nil) }
        return (try row.decode(column: "events", as: Int.self), try row.decode(column: "oldest", as: Int64?.self))
    }

    /// Moves up to `limit` waiting events into `webhook_events`, marked for
    /// fan-out, and clears their rows. Run under the writer (inside
    /// `Database.write`): nothing is decided between the two statements, so
    /// the second clears exactly the rows the first copied.
    static func lift(limit: Int, on sql: any SQLDatabase) async throws {
        try await sql.raw("""
            INSERT INTO webhook_events (id, environment_id, user_id, type, data, created_at, fan_out_pending)
            SELECT \(unsafeRaw: FanOutWebhookEventsInSQLite.newID), a.environment_id, a.user_id, a.event_type, a.event_data, a.settled_at, 1
            FROM verification_attempts a WHERE a.id IN (\(waiting(limit: limit)))
            """).run()
        try await sql.raw("""
            UPDATE verification_attempts SET event_type = NULL, event_data = NULL WHERE id IN (\(waiting(limit: limit)))
            """).run()
    }
}
