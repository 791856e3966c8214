import Fluent
import SQLKit

/// On SQLite, an event's deliveries and their jobs are added by the
/// dispatcher, a batch of events at a time, no longer by a trigger inside the
/// outcome's write.
///
/// The outcome's transaction holds SQLite's one writer. With the fan-out in a
/// trigger, every outcome also wrote a delivery and a job, with their five
/// index entries, into its own commit; the webhook benchmark lost a fifth of
/// its verifications to that alone, and next to nothing once the outcome
/// wrote the event only (`docs/benchmarks.md`). The event still commits with
/// its outcome, marked `fan_out_pending`; `WebhookOutbox.fanOutPending` turns
/// every marked event into its deliveries in one write (the
/// `webhook_deliveries_enqueue` trigger adds their jobs there), and a crash
/// between the two leaves the mark for the next dispatcher to find.
/// PostgreSQL keeps its one prepared statement (`PublishEventStatement`).
struct FanOutWebhookEventsInBatches: AsyncMigration {
    func prepare(on database: any Database) async throws {
        guard let sql = database as? any SQLDatabase, sql.dialect.name == "sqlite" else { return }
        try await sql.raw("DROP TRIGGER IF EXISTS webhook_events_fan_out").run()
        try await sql.raw("ALTER TABLE webhook_events ADD COLUMN fan_out_pending INTEGER NOT NULL DEFAULT 0").run()
        try await sql.raw("CREATE INDEX webhook_events_fan_out_pending ON webhook_events (created_at) WHERE fan_out_pending = 1").run()
    }

    func revert(on database: any Database) async throws {
        guard let sql = database as? any SQLDatabase, sql.dialect.name == "sqlite" else { return }
        try await sql.raw("DROP INDEX IF EXISTS webhook_events_fan_out_pending").run()
        try await sql.raw("ALTER TABLE webhook_events DROP COLUMN fan_out_pending").run()
        try await FanOutWebhookEventsInSQLite.createEventTrigger(on: sql)
    }
}
