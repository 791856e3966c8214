import FluentPostgresDriver
import FluentSQLiteDriver
import Foundation
import SQLKit
import VerityCore

/// Chooses and prepares Verity's database: PostgreSQL when a URL is given,
/// otherwise an SQLite file.
public enum VerityDatabase {
    /// PostgreSQL connections each event loop's pool may open.
    public static let postgresConnectionsPerEventLoop = 8

    /// The most connections a server's pools open: 8 per event loop on
    /// PostgreSQL; on SQLite one per event loop for reads and one for writes.
    public static func poolCapacity(postgres: Bool, eventLoops: Int) -> Int {
        (postgres ? postgresConnectionsPerEventLoop : 2) * eventLoops
    }

    public static func use(on databases: Databases, postgresURL: String?, sqlitePath: String) throws {
        if let postgresURL {
            let configuration = try SQLPostgresConfiguration(url: postgresURL)
            databases.use(.postgres(configuration: configuration, maxConnectionsPerEventLoop: postgresConnectionsPerEventLoop), as: .psql)
        } else {
            let folder = (sqlitePath as NSString).deletingLastPathComponent
            if !folder.isEmpty {
                try PrivateFiles.makeFolder(folder)
            }
            databases.use(SQLiteWithWriterConfiguration(sqlite: DatabaseConfigurationFactory.sqlite(.file(sqlitePath)).make()),
                          as: .sqlite)
        }
    }

    /// SQLite: write-ahead logging (stored in the file), so readers never
    /// wait for a writer, and per-connection settings on every connection —
    /// there are two per event loop, one for reads and one for writes.
    public static func prepare(_ databases: Databases, on group: any EventLoopGroup, logger: Logger) async throws {
        for loop in group.makeIterator() {
            guard let reader = databases.database(logger: logger, on: loop),
                  (reader as? any SQLDatabase)?.dialect.name == "sqlite" else { return }
            for connection in [reader, reader.sqliteWrites?.writer ?? reader] {
                guard let sql = connection as? any SQLDatabase else { continue }
                try await sql.raw("PRAGMA journal_mode=WAL").run()
                // Commits are durable in WAL mode with FULL; NORMAL would skip the
                // fsync and could lose the last attempts on power loss.
                try await sql.raw("PRAGMA synchronous=\(unsafeRaw: synchronousMode)").run()
                // Deleted rows are overwritten, not left in free pages: document
                // images, sealed as they are, must not outlive their check.
                try await sql.raw("PRAGMA secure_delete=ON").run()
            }
        }
    }

    static let synchronousMode = "FULL"

    /// SQLite: copies the write-ahead log into the file and empties it.
    /// `secure_delete` zeroes a deleted row in the page's new version, but the
    /// log keeps the versions before it until they are overwritten; emptying
    /// it is what makes an erased image gone from disk. Nothing to do on
    /// PostgreSQL (its own vacuum and log recycling reclaim dead rows).
    /// Returns false when a reader kept the log from being emptied this time.
    @discardableResult
    public static func emptyWriteAheadLog(_ db: any Database) async throws -> Bool {
        guard (db as? any SQLDatabase)?.dialect.name == "sqlite" else { return true }
        // Between writes, on the write connection: a checkpoint that met a
        // writer spun in SQLite's busy handler (SQLiteNIO retries at once)
        // until the writes paused, a core burnt and a connection held. Readers
        // only hold it up for as long as their statement runs.
        return try await db.betweenWrites { writer in
            guard let sql = writer as? any SQLDatabase else { return true }
            let row = try await sql.raw("PRAGMA wal_checkpoint(TRUNCATE)").first()
            return try row?.decode(column: "busy", as: Int.self) == 0
        }
    }
}
