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

    /// The `n` column of a `SELECT COUNT(*) AS n …`.
    public static func count(_ app: VerityTestApp, _ query: String) async throws -> Int {
        guard let sql = app.app.db as? any SQLDatabase else { return 0 }
        return try await sql.raw(SQLQueryString(query)).first()?.decode(column: "n", as: Int.self) ?? 0
    }
}
