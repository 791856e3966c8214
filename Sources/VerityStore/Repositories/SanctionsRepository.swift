import Crypto
import Fluent
import Foundation
import SQLKit
import VerityCore

/// The sanctions lists: each replaced whole and atomically by an import,
/// which records what it added, removed and changed since the version before;
/// read whole by screening.
public struct SanctionsRepository: Sendable {
    let db: any Database
    /// Seals and opens a tenant's watchlist entries; nil where only public lists are read or written.
    let protector: DataProtector?

    public init(db: any Database, protector: DataProtector? = nil) {
        self.db = db
        self.protector = protector
    }

    /// A list as stored: a public list by its id (`ofac-sdn`), a tenant's
    /// watchlist by its tenant and id, so two tenants' `watchlist:blocklist` never meet.
    public struct ListKey: Hashable, Sendable {
        public let list: String
        public let tenantID: UUID?

        public init(_ list: String, tenantID: UUID? = nil) {
            self.list = list
            self.tenantID = tenantID
        }

        public var storage: String { tenantID.map { $0.uuidString.lowercased() + "/" + list } ?? list }

        /// The list's id in a storage key: after the tenant, when there is one.
        static func list(ofStorage storage: String) -> String {
            storage.split(separator: "/", maxSplits: 1).last.map(String.init) ?? storage
        }
    }

    /// A list as it stands: its current version and when and from what it was imported.
    public struct Status: Sendable, Equatable {
        public let list: String
        public let tenantID: UUID?
        public let version: Int64
        public let entries: Int
        public let source: String
        public let importedAt: Int64
        public let published: String?
        public let sha256: String?

        /// What a match names: the publication date and the file's hash (nil
        /// for a list imported before versions were kept, until its next import).
        public var listVersion: SanctionsListVersion? { sha256.map { SanctionsListVersion(published: published, sha256: $0) } }
    }

    /// Every public list imported (`SanctionsListID.publicLists` order), and `tenantID`'s watchlists when given.
    public func statuses(tenantID: UUID? = nil) async throws -> [Status] {
        let columns = "SELECT name, tenant_id, current_version, entries, source, imported_at, published, sha256 FROM sanctions_lists"
        let rows: [any SQLRow]
        if let tenantID {
            rows = try await db.sql().raw("\(unsafeRaw: columns) WHERE tenant_id IS NULL OR tenant_id = \(bind: tenantID)").all()
        } else {
            rows = try await db.sql().raw("\(unsafeRaw: columns) WHERE tenant_id IS NULL").all()
        }
        let statuses = try rows.map { row in
            let tenant = try row.decodeNil(column: "tenant_id") ? nil : try row.decode(column: "tenant_id", as: UUID.self)
            let name = try row.decode(column: "name", as: String.self)
            return Status(list: ListKey.list(ofStorage: name), tenantID: tenant,
                          version: try row.decode(column: "current_version", as: Int64.self), entries: try row.decode(column: "entries", as: Int.self),
                          source: try row.decode(column: "source", as: String.self), importedAt: try row.decode(column: "imported_at", as: Int64.self),
                          published: try row.decode(column: "published", as: String?.self), sha256: try row.decode(column: "sha256", as: String?.self))
        }
        return statuses.sorted { SanctionsListID.sortKey($0.list) < SanctionsListID.sortKey($1.list) }
    }

    /// One list's status; OFAC's by default.
    public func status(_ key: ListKey = ListKey(SanctionsListID.ofacSDN)) async throws -> Status? {
        try await statuses(tenantID: key.tenantID).first { $0.list == key.list && $0.tenantID == key.tenantID }
    }

    /// Every entry of the current version of each list in `keys`; of every public list when nil.
    public func current(_ keys: [ListKey]? = nil) async throws -> [SanctionsEntry] {
        var wanted = keys ?? []
        if keys == nil { wanted = try await statuses().filter { $0.tenantID == nil }.map { ListKey($0.list) } }
        var entries: [SanctionsEntry] = []
        for key in wanted { entries += try await current(key, on: db) }
        return entries
    }

    func current(_ key: ListKey, on db: any Database) async throws -> [SanctionsEntry] {
        guard let version = try await db.sql().raw("SELECT current_version FROM sanctions_lists WHERE name = \(bind: key.storage)").first()?
            .decode(column: "current_version", as: Int64.self) else { return [] }
        return try await SanctionsEntryModel.query(on: db).filter(\.$list == key.storage).filter(\.$version == version).sort(\.$listID).all()
            .map { try entry(detail: $0.detail, sealed: $0.sealedDetail, row: $0.requireID(), column: .watchlistEntry) }
    }

    /// An entry as a row holds it: a public list's in clear, a tenant's watchlist's sealed.
    func entry(detail: String, sealed: Data?, row: UUID, column: SealedColumn) throws -> SanctionsEntry {
        guard let sealed else { return try JSONDecoder().decode(SanctionsEntry.self, from: Data(detail.utf8)) }
        guard let protector else { throw StoreError.corruptRecord(column.rawValue) }
        return try JSONDecoder().decode(SanctionsEntry.self, from: try protector.open(sealed, at: .of(column, row)))
    }

    /// What a row of `key`'s list holds for `entry`: its detail in clear, or,
    /// for a tenant's watchlist, no detail, the reference for a name, and the entry sealed.
    func row(_ entry: SanctionsEntry, json: String, key: ListKey, id: UUID, column: SealedColumn) throws -> (detail: String, name: String, sealed: Data?) {
        guard key.tenantID != nil else { return (json, entry.name, nil) }
        guard let protector else { throw StoreError.sealFailed }   // a tenant's watchlist is sealed: this repository needs the data key
        return ("", entry.listReference, try protector.seal(Data(json.utf8), at: .of(column, id)))
    }
}

extension SanctionsRepository {
    /// What an import did.
    public struct Imported: Sendable {
        public let version: VersionRecord
        /// Against the version before; empty for a list's first import.
        public let diff: SanctionsListDiff
        /// The file was the current version already: nothing was written.
        public let unchanged: Bool
        /// The list's first version: there was nothing to compare with.
        public let first: Bool

        public init(version: VersionRecord, diff: SanctionsListDiff, unchanged: Bool, first: Bool) {
            (self.version, self.diff, self.unchanged, self.first) = (version, diff, unchanged, first)
        }
    }

    /// One import, as `sanctions_list_versions` keeps it.
    public struct VersionRecord: Sendable, Equatable {
        public let id: UUID
        public let list: String
        public let version: Int64
        public let published: String?
        public let sha256: String
        public let source: String
        public let entries: Int
        public let added: Int
        public let removed: Int
        public let changed: Int
        public let importedAt: Int64
        /// The publication date and file hash a match names.
        public var listVersion: SanctionsListVersion { SanctionsListVersion(published: published, sha256: sha256) }
    }

    /// Writes `entries` as a new version of `key`'s list and makes it current,
    /// deleting the old one and recording what changed, in one transaction: a
    /// failed import leaves the old list in place. `sha256` names the file
    /// (the entries' own hash when nil); the same file twice writes nothing.
    @discardableResult
    public func replace(with entries: [SanctionsEntry], list key: ListKey = ListKey(SanctionsListID.ofacSDN), source: String,
                        published: String? = nil, sha256: String? = nil, now: Int64,
                        progress: @escaping @Sendable (Int) -> Void = { _ in }) async throws -> Imported {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let details = try entries.map { String(decoding: try encoder.encode($0), as: UTF8.self) }
        let hash = sha256 ?? SHA256.hash(data: Data(details.joined(separator: "\n").utf8)).hexString
        return try await db.write { tx in
            let previous = try await self.status(key, on: tx)
            if let previous, previous.sha256 == hash {
                let record = try await Self.versions(of: key, on: tx).first { $0.version == previous.version }
                if let record { return Imported(version: record, diff: SanctionsListDiff(), unchanged: true, first: false) }
            }
            let diff = previous == nil ? SanctionsListDiff() : SanctionsListDiff.between(try await self.current(key, on: tx), entries)
            let version = max(now, (previous?.version ?? 0) + 1)
            var done = 0
            for batch in try zip(entries, details).map({ entry, detail in
                let model = SanctionsEntryModel()
                let id = UUID()
                let row = try self.row(entry, json: detail, key: key, id: id, column: .watchlistEntry)
                (model.id, model.list, model.version, model.listID, model.kind, model.name, model.detail, model.sealedDetail) =
                    (id, key.storage, version, entry.id, entry.kind.rawValue, row.name, row.detail, row.sealed)
                return model
            }).chunked(into: 500) {
                try await batch.create(on: tx)
                done += batch.count
                progress(done)
            }
            let sql = try tx.sql()
            try await sql.raw("""
                INSERT INTO sanctions_lists (name, current_version, entries, source, imported_at, published, sha256, tenant_id)
                VALUES (\(bind: key.storage), \(bind: version), \(bind: entries.count), \(bind: source), \(bind: now), \(bind: published),
                  \(bind: hash), \(bind: key.tenantID))
                ON CONFLICT (name) DO UPDATE SET current_version = excluded.current_version, entries = excluded.entries,
                  source = excluded.source, imported_at = excluded.imported_at, published = excluded.published, sha256 = excluded.sha256
                """).run()
            try await sql.raw("DELETE FROM sanctions_entries WHERE list = \(bind: key.storage) AND version <> \(bind: version)").run()
            let record = SanctionsListVersionModel()
            (record.list, record.tenantID, record.version, record.published, record.sha256, record.source) =
                (key.storage, key.tenantID, version, published, hash, source)
            (record.entries, record.added, record.removed, record.changed, record.importedAt) =
                (entries.count, diff.added.count, diff.removed.count, diff.changed.count, now)
            try await record.create(on: tx)
            let versionID = try record.requireID()
            let changes = try [("added", diff.added), ("removed", diff.removed), ("changed", diff.changed)].flatMap { change, entries in
                try entries.map { entry in
                    let model = SanctionsListChangeModel()
                    let id = UUID()
                    let row = try self.row(entry, json: String(decoding: try encoder.encode(entry), as: UTF8.self), key: key, id: id,
                                           column: .watchlistChange)
                    (model.id, model.versionID, model.change, model.entryID, model.reference, model.name, model.detail, model.sealedDetail) =
                        (id, versionID, change, entry.id, entry.listReference, row.name, row.detail, row.sealed)
                    return model
                }
            }
            for batch in changes.chunked(into: 500) { try await batch.create(on: tx) }
            // People kept under monitoring are screened against what changed, once the version is in.
            if previous != nil, !diff.isEmpty { try await JobQueue.enqueue(kind: Self.rescreenJobKind, subject: versionID, now: now, on: tx) }
            return Imported(version: Self.record(record), diff: diff, unchanged: false, first: previous == nil)
        }
    }

    func status(_ key: ListKey, on db: any Database) async throws -> Status? {
        try await SanctionsRepository(db: db, protector: protector).status(key)
    }

    /// `key`'s versions, newest first.
    public func versions(of key: ListKey) async throws -> [VersionRecord] { try await Self.versions(of: key, on: db) }

    static func versions(of key: ListKey, on db: any Database) async throws -> [VersionRecord] {
        try await SanctionsListVersionModel.query(on: db).filter(\.$list == key.storage).sort(\.$version, .descending).all().map(record)
    }

    /// The job each version with changes queues: its monitored subjects screened against what changed (`MonitoringRescreen`).
    public static let rescreenJobKind = "sanctions.rescreen"

    /// One version by its id, with the key of the list it is a version of; nil when that list has been removed since.
    public func version(id: UUID) async throws -> (record: VersionRecord, key: ListKey)? {
        guard let model = try await SanctionsListVersionModel.find(id, on: db) else { return nil }
        return (Self.record(model), ListKey(ListKey.list(ofStorage: model.list), tenantID: model.tenantID))
    }

    static func record(_ model: SanctionsListVersionModel) -> VersionRecord {
        VersionRecord(id: model.id ?? UUID(), list: ListKey.list(ofStorage: model.list),
                      version: model.version, published: model.published, sha256: model.sha256, source: model.source, entries: model.entries,
                      added: model.added, removed: model.removed, changed: model.changed, importedAt: model.importedAt)
    }

    /// What one version added, removed and changed (`SanctionsListDiff`).
    public func diff(versionID: UUID) async throws -> SanctionsListDiff {
        var diff = SanctionsListDiff()
        for row in try await SanctionsListChangeModel.query(on: db).filter(\.$versionID == versionID).sort(\.$entryID).all() {
            let entry = try entry(detail: row.detail, sealed: row.sealedDetail, row: row.requireID(), column: .watchlistChange)
            switch row.change {
            case "added": diff.added.append(entry)
            case "removed": diff.removed.append(entry)
            default: diff.changed.append(entry)
            }
        }
        return diff
    }
}

extension SanctionsRepository {
    /// Deletes `key`'s list whole: its entries, its versions and what they changed.
    /// Returns whether there was such a list.
    public func remove(_ key: ListKey) async throws -> Bool {
        try await db.write { tx in
            let sql = try tx.sql()
            guard try await sql.raw("SELECT name FROM sanctions_lists WHERE name = \(bind: key.storage)").first() != nil else { return false }
            try await sql.raw("""
                DELETE FROM sanctions_list_changes WHERE version_id IN (SELECT id FROM sanctions_list_versions WHERE list = \(bind: key.storage))
                """).run()
            try await sql.raw("DELETE FROM sanctions_list_versions WHERE list = \(bind: key.storage)").run()
            try await sql.raw("DELETE FROM sanctions_entries WHERE list = \(bind: key.storage)").run()
            try await sql.raw("DELETE FROM sanctions_lists WHERE name = \(bind: key.storage)").run()
            return true
        }
    }
}
