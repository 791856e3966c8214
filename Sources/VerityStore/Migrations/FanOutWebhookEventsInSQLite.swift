import Fluent
import SQLKit

/// On SQLite, an event's deliveries and their jobs were written by triggers:
/// publishing was then one statement inside the outcome's write, where it was
/// four (the endpoints read, the event, the deliveries, the jobs), each
/// prepared afresh and each a round trip to SQLite's thread while the file's
/// one writer waits (`bench/webhooks.sh`). The event's trigger has since given
/// way to the dispatcher's fan-out (`FanOutWebhookEventsInBatches`), the
/// deliveries' one to deliveries queued on their own rows
/// (`QueueWebhookDeliveriesOnTheirOwnRows`).
///
/// Ids made in SQL take the form Swift writes (upper-case hex, version 4).
struct FanOutWebhookEventsInSQLite: AsyncMigration {
    static let newID = """
        hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-' || \
        substr('89AB', 1 + (abs(random()) % 4), 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6))
        """

    func prepare(on database: any Database) async throws {
        guard let sql = database as? any SQLDatabase, sql.dialect.name == "sqlite" else { return }
        try await Self.createEventTrigger(on: sql)
        try await Self.createDeliveryTrigger(on: sql)
    }

    /// A delivery's job as a trigger (replaced by `QueueWebhookDeliveriesOnTheirOwnRows`).
    static func createDeliveryTrigger(on sql: any SQLDatabase) async throws {
        try await sql.raw("""
            CREATE TRIGGER webhook_deliveries_enqueue AFTER INSERT ON webhook_deliveries
            BEGIN
              INSERT INTO jobs (id, kind, subject, status, attempts, run_after, created_at, updated_at)
              VALUES (\(unsafeRaw: Self.newID), '\(unsafeRaw: QueueWebhookDeliveriesOnTheirOwnRows.jobKind)', NEW.id, 'queued', 0,
                      NEW.created_at, NEW.created_at, NEW.created_at);
            END
            """).run()
    }

    /// The event's fan-out as a trigger (replaced by `FanOutWebhookEventsInBatches`).
    static func createEventTrigger(on sql: any SQLDatabase) async throws {
        try await sql.raw("""
            CREATE TRIGGER webhook_events_fan_out AFTER INSERT ON webhook_events
            BEGIN
              INSERT INTO webhook_deliveries (id, event_id, endpoint_id, status, attempts, created_at)
              SELECT \(unsafeRaw: Self.newID), NEW.id, e.id, 'pending', 0, NEW.created_at FROM webhook_endpoints e
              WHERE e.environment_id = NEW.environment_id AND e.status = 'enabled'
                AND instr(',' || e.event_types || ',', ',' || NEW.type || ',') > 0;
            END
            """).run()
    }

    func revert(on database: any Database) async throws {
        guard let sql = database as? any SQLDatabase, sql.dialect.name == "sqlite" else { return }
        try await sql.raw("DROP TRIGGER IF EXISTS webhook_deliveries_enqueue").run()
        try await sql.raw("DROP TRIGGER IF EXISTS webhook_events_fan_out").run()
    }
}
