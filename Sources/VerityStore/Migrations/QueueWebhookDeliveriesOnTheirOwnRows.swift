import Fluent
import SQLKit

/// A webhook delivery is its own job: due at `run_after`, leased on its own
/// row (`lease_until`), and leased already when the dispatcher's fan-out adds
/// it. Before, each delivery had a `webhook.deliver` row in `jobs`, inserted,
/// leased and deleted beside the delivery's own insert and update: seven row
/// writes per delivery where four do (`docs/benchmarks.md`). Pending
/// deliveries keep their place in the queue: their jobs' times move onto them.
struct QueueWebhookDeliveriesOnTheirOwnRows: AsyncMigration {
    static let jobKind = "webhook.deliver"

    func prepare(on database: any Database) async throws {
        let sql = try database.sql()
        if sql.dialect.name == "sqlite" {
            try await sql.raw("DROP TRIGGER IF EXISTS webhook_deliveries_enqueue").run()
        }
        try await sql.raw("ALTER TABLE webhook_deliveries ADD COLUMN run_after BIGINT").run()
        try await sql.raw("ALTER TABLE webhook_deliveries ADD COLUMN lease_until BIGINT").run()
        try await sql.raw("""
            UPDATE webhook_deliveries SET run_after = COALESCE(
              (SELECT MIN(j.run_after) FROM jobs j WHERE j.subject = webhook_deliveries.id AND j.kind = \(bind: Self.jobKind)
                 AND j.status = 'queued'),
              created_at)
            WHERE status = 'pending'
            """).run()
        try await sql.raw("DELETE FROM jobs WHERE kind = \(bind: Self.jobKind)").run()
        try await sql.raw("CREATE INDEX webhook_deliveries_due ON webhook_deliveries (run_after) WHERE status = 'pending'").run()
    }

    func revert(on database: any Database) async throws {
        let sql = try database.sql()
        try await sql.raw("DROP INDEX IF EXISTS webhook_deliveries_due").run()
        let newID = sql.dialect.name == "sqlite" ? FanOutWebhookEventsInSQLite.newID : "gen_random_uuid()"
        try await sql.raw("""
            INSERT INTO jobs (id, kind, subject, status, attempts, run_after, created_at, updated_at)
            SELECT \(unsafeRaw: newID), \(bind: Self.jobKind), id, 'queued', attempts, COALESCE(run_after, created_at), created_at, created_at
            FROM webhook_deliveries WHERE status = 'pending'
            """).run()
        try await sql.raw("ALTER TABLE webhook_deliveries DROP COLUMN lease_until").run()
        try await sql.raw("ALTER TABLE webhook_deliveries DROP COLUMN run_after").run()
        if sql.dialect.name == "sqlite" {
            try await FanOutWebhookEventsInSQLite.createDeliveryTrigger(on: sql)
        }
    }
}
