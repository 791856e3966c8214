import Fluent
import Foundation
import SQLKit
import VerityStore

/// Everything a database holds, as text, to prove what is *not* in it:
/// the SQLite file and its write-ahead log byte for byte, or every row of
/// every PostgreSQL table rendered as text.
public enum DatabaseText {
    public static func dump(_ app: VerityTestApp) async throws -> String {
        guard let sql = app.app.db as? any SQLDatabase else { return "" }
        if sql.dialect.name == "sqlite" {
            try await sql.raw("PRAGMA wal_checkpoint(PASSIVE)").run()
            return ["verity.sqlite", "verity.sqlite-wal"].compactMap { name in
                FileManager.default.contents(atPath: (app.settings.dataDirectory as NSString).appendingPathComponent(name))
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
    public static func holds(_ app: VerityTestApp, _ bytes: Data) async throws -> Bool {
        guard let sql = app.app.db as? any SQLDatabase else { return false }
        if sql.dialect.name == "sqlite" {
            try await sql.raw("PRAGMA wal_checkpoint(PASSIVE)").run()
            return ["verity.sqlite", "verity.sqlite-wal"].contains { name in
                FileManager.default.contents(atPath: (app.settings.dataDirectory as NSString).appendingPathComponent(name))?
                    .range(of: bytes) != nil
            }
        }
        let text = try await dump(app)
        let hex = bytes.map { String(format: "%02x", $0) }.joined()
        return text.contains(hex) || Data(text.utf8).range(of: bytes) != nil
    }

    /// The `n` column of a `SELECT COUNT(*) AS n …`.
    public static func count(_ app: VerityTestApp, _ query: String) async throws -> Int {
        guard let sql = app.app.db as? any SQLDatabase else { return 0 }
        return try await sql.raw(SQLQueryString(query)).first()?.decode(column: "n", as: Int.self) ?? 0
    }
}
