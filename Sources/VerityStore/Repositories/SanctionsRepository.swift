import Fluent
import Foundation
import SQLKit
import VerityCore

/// The sanctions list: replaced whole and atomically by an import, read whole
/// by screening.
public struct SanctionsRepository: Sendable {
    let db: any Database

    public init(db: any Database) { self.db = db }

    public static let listName = "ofac-sdn"

    /// The list as it stands: its version and when and from what it was imported.
    public struct Status: Sendable {
        public let version: Int64
        public let entries: Int
        public let source: String
        public let importedAt: Int64
    }

    public func status() async throws -> Status? {
        guard let row = try await db.sql().raw("""
            SELECT current_version, entries, source, imported_at FROM sanctions_lists WHERE name = \(bind: Self.listName)
            """).first() else { return nil }
        return Status(version: try row.decode(column: "current_version", as: Int64.self), entries: try row.decode(column: "entries", as: Int.self),
                      source: try row.decode(column: "source", as: String.self), importedAt: try row.decode(column: "imported_at", as: Int64.self))
    }

    /// Writes `entries` as a new version and makes it current, deleting the old
    /// one, in one transaction: a failed import leaves the old list in place.
    public func replace(with entries: [SanctionsEntry], source: String, now: Int64,
                        progress: @escaping @Sendable (Int) -> Void = { _ in }) async throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let version = now
        let models = try entries.map { entry in
            let model = SanctionsEntryModel()
            model.version = version
            model.listID = entry.id
            model.kind = entry.kind.rawValue
            model.name = entry.name
            model.detail = String(decoding: try encoder.encode(entry), as: UTF8.self)
            return model
        }
        try await db.write { tx in
            var done = 0
            for batch in models.chunked(into: 500) {
                try await batch.create(on: tx)
                done += batch.count
                progress(done)
            }
            let sql = try tx.sql()
            try await sql.raw("""
                INSERT INTO sanctions_lists (name, current_version, entries, source, imported_at)
                VALUES (\(bind: Self.listName), \(bind: version), \(bind: models.count), \(bind: source), \(bind: now))
                ON CONFLICT (name) DO UPDATE SET current_version = excluded.current_version, entries = excluded.entries,
                  source = excluded.source, imported_at = excluded.imported_at
                """).run()
            try await sql.raw("DELETE FROM sanctions_entries WHERE version <> \(bind: version)").run()
        }
    }

    /// Every entry of the current version.
    public func current() async throws -> [SanctionsEntry] {
        guard let status = try await status() else { return [] }
        let decoder = JSONDecoder()
        return try await SanctionsEntryModel.query(on: db).filter(\.$version == status.version).all()
            .map { try decoder.decode(SanctionsEntry.self, from: Data($0.detail.utf8)) }
    }
}
