import FluentPostgresDriver
import FluentSQLiteDriver
import Foundation
import SQLKit

/// Chooses and prepares Verity's database: PostgreSQL when a URL is given,
/// otherwise an SQLite file.
public enum VerityDatabase {
    public static func use(on databases: Databases, postgresURL: String?, sqlitePath: String) throws {
        if let postgresURL {
            let configuration = try SQLPostgresConfiguration(url: postgresURL)
            databases.use(.postgres(configuration: configuration, maxConnectionsPerEventLoop: 8), as: .psql)
        } else {
            let folder = (sqlitePath as NSString).deletingLastPathComponent
            if !folder.isEmpty {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            }
            databases.use(.sqlite(.file(sqlitePath)), as: .sqlite)
        }
    }

    /// SQLite: write-ahead logging, so readers never wait for a writer.
    /// (The setting is stored in the file; PostgreSQL needs nothing here.)
    public static func prepare(_ database: any Database) async throws {
        guard let sql = database as? any SQLDatabase, sql.dialect.name == "sqlite" else { return }
        try await sql.raw("PRAGMA journal_mode=WAL").run()
        try await sql.raw("PRAGMA synchronous=NORMAL").run()
    }
}
