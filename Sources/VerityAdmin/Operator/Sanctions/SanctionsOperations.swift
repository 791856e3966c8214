import Fluent
import Foundation
import VerityCore
import VerityStore
import VerityKernel
import VeritySanctions

/// What `verity sanctions import`, `show`, `versions` and `screen` do.
public struct SanctionsOperations: OperatorTask {
    package let db: any Database
    package let clock: VerityClock
    /// Seals a tenant's watchlist entries.
    let protector: DataProtector
    /// The matcher of these operations (one per CLI run).
    let screening: SanctionsScreening

    /// Reads a list's files (`SanctionsListFiles`: the UN's XML, BIS's DPL,
    /// OFAC's CSVs) and makes them the list's current version, all or nothing,
    /// recording what changed since the version before. The same files twice
    /// change nothing. `adding` joins entries of the caller's own (the demo's one fictional entry).
    public func importSanctions(_ files: SanctionsListFiles, adding extra: [SanctionsEntry] = [], actor: String = "cli",
                                progress: @escaping @Sendable (_ done: Int, _ total: Int) -> Void) async throws -> SanctionsImportReport {
        var read = try files.read()
        read.file.entries += extra
        if let published = files.published {
            guard UNConsolidatedList.isDate(published) else { throw VerityError.invalid("published", "a date in the form YYYY-MM-DD") }
            read.file.published = published
        }
        let total = read.file.entries.count
        let imported = try await SanctionsRepository(db: db).replace(
            with: read.file.entries, list: .init(read.file.list), source: files.source, published: read.file.published,
            sha256: files.sha256(adding: extra), now: clock.nowMillis()) { progress($0, total) }
        if !imported.unchanged {
            try await audit("sanctions.import", environmentID: nil, actor: actor, reason: "\(read.file.list) \(imported.version.listVersion): "
                            + "\(imported.version.entries) entries, +\(imported.diff.added.count) -\(imported.diff.removed.count) ~\(imported.diff.changed.count)")
        }
        return SanctionsImportReport(imported, read: read, source: files.source)
    }

    public func sanctionsStatus(list: String = SanctionsListID.ofacSDN) async throws -> SanctionsRepository.Status? {
        try await SanctionsRepository(db: db).status(.init(list))
    }

    /// Every public list imported, in screening's order.
    public func sanctionsStatuses() async throws -> [SanctionsRepository.Status] {
        try await SanctionsRepository(db: db).statuses()
    }

    /// `list`'s versions, newest first.
    public func versions(list: String) async throws -> [SanctionsRepository.VersionRecord] {
        try await SanctionsRepository(db: db).versions(of: .init(list))
    }

    /// What one version of `list` changed: the newest, or the one imported at `version`.
    public func changes(list: String, version: Int64?) async throws -> SanctionsImportReport {
        let repository = SanctionsRepository(db: db)
        let versions = try await repository.versions(of: .init(list))
        guard let record = version.map({ wanted in versions.first { $0.version == wanted } }) ?? versions.first else {
            throw VerityError(.notFound, version == nil ? "\(list) has not been imported" : "\(list) has no version \(version ?? 0)")
        }
        let diff = try await repository.diff(versionID: record.id)
        return SanctionsImportReport(.init(version: record, diff: diff, unchanged: false, first: record.id == versions.last?.id), read: nil,
                                     source: record.source)
    }
}
