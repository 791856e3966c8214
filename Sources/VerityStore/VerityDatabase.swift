import FluentPostgresDriver
import FluentSQLiteDriver
import Foundation
import SQLKit

/// Chooses and prepares Verity's database: PostgreSQL when a URL is given,
/// otherwise an SQLite file.
public enum VerityDatabase {
    /// PostgreSQL connections each event loop's pool may open.
    public static let postgresConnectionsPerEventLoop = 8

    /// The most connections a server's pools open: 8 per event loop on
    /// PostgreSQL, one per event loop on SQLite.
    public static func poolCapacity(postgres: Bool, eventLoops: Int) -> Int {
        (postgres ? postgresConnectionsPerEventLoop : 1) * eventLoops
    }

    public static func use(on databases: Databases, postgresURL: String?, sqlitePath: String) throws {
        if let postgresURL {
            let configuration = try SQLPostgresConfiguration(url: postgresURL)
            databases.use(.postgres(configuration: configuration, maxConnectionsPerEventLoop: postgresConnectionsPerEventLoop), as: .psql)
        } else {
            let folder = (sqlitePath as NSString).deletingLastPathComponent
            if !folder.isEmpty {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            }
            databases.use(.sqlite(.file(sqlitePath)), as: .sqlite)
        }
    }

    /// SQLite: write-ahead logging (stored in the file), so readers never
    /// wait for a writer, and per-connection settings on every connection —
    /// there is one per event loop.
    public static func prepare(_ databases: Databases, on group: any EventLoopGroup, logger: Logger) async throws {
        for loop in group.makeIterator() {
            guard let sql = databases.database(logger: logger, on: loop) as? any SQLDatabase,
                  sql.dialect.name == "sqlite" else { return }
            try await sql.raw("PRAGMA journal_mode=WAL").run()
            // Commits are durable in WAL mode with FULL; NORMAL would skip the
            // fsync and could lose the last attempts on power loss.
            try await sql.raw("PRAGMA synchronous=\(unsafeRaw: synchronousMode)").run()
            // Deleted rows are overwritten, not left in free pages: document
            // images, sealed as they are, must not outlive their check.
            try await sql.raw("PRAGMA secure_delete=ON").run()
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
        guard let sql = db as? any SQLDatabase, sql.dialect.name == "sqlite" else { return true }
        let row = try await sql.raw("PRAGMA wal_checkpoint(TRUNCATE)").first()
        return try row?.decode(column: "busy", as: Int.self) == 0
    }
}
