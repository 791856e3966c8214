import Fluent
import Foundation
import SQLKit

/// What the health checks, `verity doctor`, `/metrics` and the backup ask of
/// the database itself rather than of a table's rows: one place for the
/// statements that depend on which database it is.
public struct DatabaseProbe: Sendable {
    let db: any Database

    public init(db: any Database) { self.db = db }

    /// Throws unless the database answers a query.
    public func answers() async throws {
        try await db.sql().raw("SELECT 1").run()
    }

    /// The names of the migrations applied.
    public func appliedMigrations() async throws -> Set<String> {
        struct Row: Decodable { let name: String }
        return Set(try await db.sql().raw("SELECT name FROM _fluent_migrations").all(decoding: Row.self).map(\.name))
    }

    /// PostgreSQL's clock in epoch milliseconds; nil on SQLite, which shares the server's machine and clock.
    public func databaseClockMillis() async throws -> Int64? {
        let sql = try db.sql()
        guard sql.dialect.name == "postgresql" else { return nil }
        return try await sql.raw("SELECT CAST(EXTRACT(EPOCH FROM clock_timestamp()) * 1000 AS BIGINT) AS now").first()?
            .decode(column: "now", as: Int64.self)
    }

    /// When the newest audit event was recorded (a clock set back shows as records from the future).
    public func newestAuditEventAt() async throws -> Int64? {
        try await db.sql().raw("SELECT MAX(at) AS newest FROM audit_events").first()?.decode(column: "newest", as: Int64?.self) ?? nil
    }

    /// PostgreSQL's client connections to this database by state (active,
    /// idle, idle in transaction); nil on SQLite, which has none.
    public func connectionsByState() async throws -> [String: Int]? {
        let sql = try db.sql()
        guard sql.dialect.name == "postgresql" else { return nil }
        struct Row: Decodable { let state: String; let connections: Int }
        let rows = try await sql.raw("""
            SELECT COALESCE(state, 'unknown') AS state, COUNT(*) AS connections FROM pg_stat_activity
            WHERE datname = current_database() AND backend_type = 'client backend' GROUP BY 1
            """).all(decoding: Row.self)
        return Dictionary(rows.map { ($0.state, $0.connections) }, uniquingKeysWith: +)
    }

    /// SQLite's consistent copy of the whole database into `path`, while it serves (`VACUUM INTO`).
    public func copySQLite(to path: String) async throws {
        try await db.sql().raw("VACUUM INTO \(bind: path)").run()
    }
}
