import Fluent
import Foundation
import SQLKit
@testable import VerityStore

/// Everything a database holds, as text, to prove what is *not* in it:
/// the SQLite file and its write-ahead log byte for byte, or every row of
/// every PostgreSQL table rendered as text.
public enum DatabaseText {
    public static func dump(_ app: some DatabaseUnderTest) async throws -> String {
        guard let sql = app.db as? any SQLDatabase else { return "" }
        if sql.dialect.name == "sqlite" {
            try await sql.raw("PRAGMA wal_checkpoint(PASSIVE)").run()
            return ["verity.sqlite", "verity.sqlite-wal"].compactMap { name in
                FileManager.default.contents(atPath: (app.dataDirectory as NSString).appendingPathComponent(name))
            }.map { String(decoding: $0, as: UTF8.self) }.joined()
        }
        let tables = try await sql.raw("SELECT tablename FROM pg_tables WHERE schemaname = 'public'").all()
            .map { try $0.decode(column: "tablename", as: String.self) }
        var text = ""
        for table in tables {
            let rows = try await sql.raw("SELECT t::text AS row FROM \(ident: table) t").all()
            for row in rows { text += try row.decode(column: "row", as: String.self) + "\n" }
        }
        return text
    }

    /// Whether the database holds this run of bytes anywhere: in the SQLite
    /// file or its write-ahead log byte for byte (a `String` dump would mangle
    /// binary runs into replacement characters and never find them), or in a
    /// PostgreSQL row as text or as `bytea` hex.
    public static func holds(_ app: some DatabaseUnderTest, _ bytes: Data) async throws -> Bool {
        guard let sql = app.db as? any SQLDatabase else { return false }
        if sql.dialect.name == "sqlite" {
            try await sql.raw("PRAGMA wal_checkpoint(PASSIVE)").run()
            return ["verity.sqlite", "verity.sqlite-wal"].contains { name in
                FileManager.default.contents(atPath: (app.dataDirectory as NSString).appendingPathComponent(name))?
                    .range(of: bytes) != nil
            }
        }
        let text = try await dump(app)
        let hex = bytes.map { String(format: "%02x", $0) }.joined()
        return text.contains(hex) || Data(text.utf8).range(of: bytes) != nil
    }

    /// Whether the database's files hold this run of bytes now: SQLite's file
    /// and write-ahead log; on PostgreSQL, the files of `tables` and of their
    /// TOAST tables (where large values such as images go) after a
    /// `VACUUM FULL` of them, which rewrites them without dead rows. For a
    /// positive control: what is there is found at once.
    public static func filesHold(_ app: some DatabaseUnderTest, _ bytes: Data, tables: [String]) async throws -> Bool {
        guard let sql = app.db as? any SQLDatabase else { return false }
        if sql.dialect.name == "sqlite" {
            return ["verity.sqlite", "verity.sqlite-wal"].contains { name in
                FileManager.default.contents(atPath: (app.dataDirectory as NSString).appendingPathComponent(name))?
                    .range(of: bytes) != nil
            }
        }
        return try await postgresFilesHold(sql, bytes, tables: tables)
    }

    /// Whether the database's files let go of this run of bytes, once they
    /// can. `VACUUM FULL` must keep a dead row that any transaction still
    /// open in the same database may see, and PostgreSQL keeps that horizon
    /// as old as the oldest snapshot of any of them (the server's own job
    /// runner's, say, which may have begun before the erasure): so this
    /// looks until the bytes are gone, up to `TestDeadlines.state`, and
    /// says false only if they outlived every such transaction.
    public static func filesLetGo(_ app: some DatabaseUnderTest, _ bytes: Data, tables: [String]) async throws -> Bool {
        do {
            try await waitUntil("the database files to let go of the bytes", every: .milliseconds(500)) {
                try await !filesHold(app, bytes, tables: tables)
            }
            return true
        } catch is StateNeverCame {
            return false
        }
    }

    private static func postgresFilesHold(_ sql: any SQLDatabase, _ bytes: Data, tables: [String]) async throws -> Bool {
        let directory = try await sql.raw("SHOW data_directory").first()?.decode(column: "data_directory", as: String.self) ?? ""
        var read = 0
        for table in tables {
            try await sql.raw("VACUUM FULL \(ident: table)").run()
            let paths = try await sql.raw("""
                SELECT pg_relation_filepath(c.oid) AS main, pg_relation_filepath(NULLIF(c.reltoastrelid, 0)) AS toast
                FROM pg_class c WHERE c.relname = \(bind: table)
                """).all().flatMap { row in
                [try row.decode(column: "main", as: String?.self), try row.decode(column: "toast", as: String?.self)].compactMap { $0 }
            }
            for path in paths {
                // A relation over 1 GiB continues in path.1, path.2, …
                var segment = 0
                while let data = FileManager.default.contents(atPath: directory + "/" + path + (segment == 0 ? "" : ".\(segment)")) {
                    read += 1
                    if data.range(of: bytes) != nil { return true }
                    segment += 1
                }
            }
        }
        // Files nobody could read would prove nothing.
        guard read > 0 || tables.isEmpty else { throw DatabaseFilesUnreadable(directory: directory) }
        return false
    }

    /// The `n` column of a `SELECT COUNT(*) AS n …`.
    public static func count(_ app: some DatabaseUnderTest, _ query: String) async throws -> Int {
        guard let sql = app.db as? any SQLDatabase else { return 0 }
        return try await sql.raw(SQLQueryString(query)).first()?.decode(column: "n", as: Int.self) ?? 0
    }

    /// Runs a statement a test needs to set up what no API makes any more.
    public static func run(_ app: some DatabaseUnderTest, _ statement: String) async throws {
        try await app.db.write { db in
            guard let sql = db as? any SQLDatabase else { return }
            try await sql.raw(SQLQueryString(statement)).run()
        }
    }

    /// The `s` column of every row of a `SELECT … AS s …`.
    public static func strings(_ app: some DatabaseUnderTest, _ query: String) async throws -> [String] {
        guard let sql = app.db as? any SQLDatabase else { return [] }
        return try await sql.raw(SQLQueryString(query)).all().map { try $0.decode(column: "s", as: String.self) }
    }
}

/// The test could not read PostgreSQL's data files (it runs beside the server, as root).
public struct DatabaseFilesUnreadable: Error {
    public let directory: String
}
