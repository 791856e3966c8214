import Fluent
import SQLKit

/// On SQLite, an identity decision's event now stays on the settled attempt's
/// own row until the dispatcher's next fan-out lifts it into `webhook_events`
/// (`LedgerEvents`), a batch at a time; the trigger that moved it there in the
/// settle's own commit (`PublishIdentityDecisionsWithTheAttempt`) is gone.
///
/// Why: the settle holds SQLite's one writer, and the trigger's INSERT (a
/// table row and two index entries, one at a random place in the id index)
/// and its second UPDATE of the attempt made the settle the slowest of a
/// verification's three writes with a listener: the webhook benchmark's
/// writer spent about 0.35 ms more per decision on it (`docs/benchmarks.md`).
/// The event is as durable on the ledger's row as in its own table: both
/// commit with the decision. A partial index finds the rows still carrying one.
struct LiftIdentityEventsAtFanOut: AsyncMigration {
    func prepare(on database: any Database) async throws {
        guard let sql = database as? any SQLDatabase, sql.dialect.name == "sqlite" else { return }
        try await sql.raw("DROP TRIGGER IF EXISTS verification_attempts_publish").run()
        try await sql.raw("""
            CREATE INDEX verification_attempts_event_pending ON verification_attempts (settled_at, id) WHERE event_type IS NOT NULL
            """).run()
    }

    func revert(on database: any Database) async throws {
        guard let sql = database as? any SQLDatabase, sql.dialect.name == "sqlite" else { return }
        // Events still waiting on their rows go to `webhook_events` first: the trigger only sees new decisions.
        try await database.write { tx in try await LedgerEvents.lift(limit: Int(Int32.max), on: tx as! any SQLDatabase) }
        try await sql.raw("DROP INDEX IF EXISTS verification_attempts_event_pending").run()
        try await PublishIdentityDecisionsWithTheAttempt.createTrigger(on: sql)
    }
}
