import Fluent
import SQLKit

/// On PostgreSQL, request counters skip the write-ahead log: every request
/// behind a credential counts itself, and a counter is worth no WAL flush (a
/// crash or a failover forgets at most a minute of counts). SQLite has no
/// such tables; its writes are cheap already.
struct UnlogRateLimitWindows: AsyncMigration {
    func prepare(on database: any Database) async throws {
        guard let sql = database as? any SQLDatabase, sql.dialect.name == "postgresql" else { return }
        try await sql.raw("ALTER TABLE rate_limit_windows SET UNLOGGED").run()
    }

    func revert(on database: any Database) async throws {
        guard let sql = database as? any SQLDatabase, sql.dialect.name == "postgresql" else { return }
        try await sql.raw("ALTER TABLE rate_limit_windows SET LOGGED").run()
    }
}
