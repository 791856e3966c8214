import Fluent
import SQLKit

/// An event's deliveries and their jobs are added by the dispatcher, a batch
/// of events at a time (`WebhookOutbox.fanOutPending`), no longer inside the
/// outcome's transaction: the event commits with its outcome marked
/// `fan_out_pending`, and a partial index finds the marked ones.
///
/// On SQLite the outcome's transaction holds the one writer, and the event's
/// trigger wrote a delivery and a job, with their index entries, into every
/// outcome's commit: the webhook benchmark lost a fifth of its verifications
/// to that alone, and next to nothing once the outcome wrote the event only.
/// PostgreSQL's publishing statement did the same fan-out; it now writes the
/// event alone too (`docs/benchmarks.md`). The deliveries' trigger on SQLite
/// (`FanOutWebhookEventsInSQLite`), which adds their jobs, stays.
struct FanOutWebhookEventsInBatches: AsyncMigration {
    func prepare(on database: any Database) async throws {
        let sql = try database.sql()
        if sql.dialect.name == "sqlite" {
            try await sql.raw("DROP TRIGGER IF EXISTS webhook_events_fan_out").run()
        }
        try await sql.raw("ALTER TABLE webhook_events ADD COLUMN fan_out_pending INTEGER NOT NULL DEFAULT 0").run()
        try await sql.raw("CREATE INDEX webhook_events_fan_out_pending ON webhook_events (created_at) WHERE fan_out_pending = 1").run()
    }

    func revert(on database: any Database) async throws {
        let sql = try database.sql()
        try await sql.raw("DROP INDEX IF EXISTS webhook_events_fan_out_pending").run()
        try await sql.raw("ALTER TABLE webhook_events DROP COLUMN fan_out_pending").run()
        if sql.dialect.name == "sqlite" {
            try await FanOutWebhookEventsInSQLite.createEventTrigger(on: sql)
        }
    }
}
