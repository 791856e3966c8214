import Fluent
import SQLKit

/// On SQLite, an identity decision's event rides on the statement that
/// settles the attempt: the settle sets the attempt's `event_type` and
/// `event_data`, and this trigger writes the event (where an enabled endpoint
/// wants its type) and clears them, so the ledger keeps no copy.
///
/// Why: SQLite has one writer, and every statement of a write is a round trip
/// to its thread while every other write waits. The event's own INSERT was
/// the one statement a listening environment added to each decision; on the
/// webhook benchmark it cost about a tenth of SQLite's verifications
/// (`docs/benchmarks.md`). PostgreSQL settles, records and publishes in one
/// statement already, with data-modifying CTEs, which SQLite lacks; this is
/// its stand-in, so the columns and the trigger exist on SQLite only.
///
/// The trigger is gone since `LiftIdentityEventsAtFanOut`: the event now waits
/// on the attempt's row for the dispatcher, which lifts a batch at a time.
struct PublishIdentityDecisionsWithTheAttempt: AsyncMigration {
    func prepare(on database: any Database) async throws {
        guard let sql = database as? any SQLDatabase, sql.dialect.name == "sqlite" else { return }
        try await sql.raw("ALTER TABLE verification_attempts ADD COLUMN event_type TEXT").run()
        try await sql.raw("ALTER TABLE verification_attempts ADD COLUMN event_data BLOB").run()
        try await Self.createTrigger(on: sql)
    }

    static func createTrigger(on sql: any SQLDatabase) async throws {
        try await sql.raw("""
            CREATE TRIGGER verification_attempts_publish AFTER UPDATE OF event_data ON verification_attempts
            WHEN NEW.event_data IS NOT NULL
            BEGIN
              INSERT INTO webhook_events (id, environment_id, user_id, type, data, created_at, fan_out_pending)
              SELECT \(unsafeRaw: FanOutWebhookEventsInSQLite.newID), NEW.environment_id, NEW.user_id, NEW.event_type,
                     NEW.event_data, NEW.settled_at, 1
              WHERE \(unsafeRaw: Self.listened(environment: "NEW.environment_id", type: "NEW.event_type"));
              UPDATE verification_attempts SET event_type = NULL, event_data = NULL WHERE id = NEW.id;
            END
            """).run()
    }

    /// Whether an enabled endpoint of `environment` wants events of `type` (SQL expressions).
    static func listened(environment: String, type: String) -> String {
        """
        EXISTS (SELECT 1 FROM webhook_endpoints WHERE environment_id = \(environment) AND status = 'enabled' \
        AND instr(',' || event_types || ',', ',' || \(type) || ',') > 0)
        """
    }

    func revert(on database: any Database) async throws {
        guard let sql = database as? any SQLDatabase, sql.dialect.name == "sqlite" else { return }
        try await sql.raw("DROP TRIGGER IF EXISTS verification_attempts_publish").run()
        try await sql.raw("ALTER TABLE verification_attempts DROP COLUMN event_data").run()
        try await sql.raw("ALTER TABLE verification_attempts DROP COLUMN event_type").run()
    }
}
