import Crypto
import Fluent
import Foundation
import VerityAPI
import VerityCore
import VerityKernel
import VerityStore

/// A tenant's own watchlists: imported as versions (sealed, since they name
/// people), listed beside the public lists, removed. The admin API and the
/// CLI both come through here, audited as the change they make.
package struct WatchlistService: Sendable {
    let protector: DataProtector
    let clock: VerityClock

    package init(protector: DataProtector, clock: VerityClock) {
        self.protector = protector
        self.clock = clock
    }

    /// Reads `bytes` (CSV or JSON, `WatchlistFile`) and makes it the current
    /// version of `tenantID`'s watchlist `name`, recording what changed.
    package func importFile(_ bytes: [UInt8], name: String, tenantID: UUID, environmentID: UUID?, change: AuditedChange,
                            db: any Database) async throws -> WatchlistImportResult {
        let list = try SanctionsListID.watchlist(name)
        let file = try WatchlistFile.parse(bytes, list: list)
        let sha256 = SHA256.hash(data: Data(bytes)).hexString
        let imported = try await SanctionsRepository(db: db, protector: protector).replace(
            with: file.entries, list: .init(list, tenantID: tenantID), source: "\(name) (\(bytes.count) bytes)", sha256: sha256, now: clock.nowMillis())
        if !imported.unchanged {
            let detail = "\(list) sha256:\(sha256.prefix(12)): \(imported.version.entries) entries, +\(imported.diff.added.count) -\(imported.diff.removed.count) ~\(imported.diff.changed.count)"
            try await AuditRepository(db: db).record("sanctions.watchlist_import", actor: change.actor, environmentID: environmentID, userID: nil,
                                                     now: clock.nowMillis(), tenantID: tenantID, reason: change.reason(with: detail))
        }
        func named(_ entries: [SanctionsEntry]) -> [SanctionsEntryReference] { entries.map { .init(reference: $0.listReference, name: $0.name) } }
        return WatchlistImportResult(list: list, version: imported.version.version, sha256: imported.version.sha256, entries: imported.version.entries,
                                     unchanged: imported.unchanged, first: imported.first, added: named(imported.diff.added),
                                     removed: named(imported.diff.removed), changed: named(imported.diff.changed))
    }

    /// The public lists and `tenantID`'s watchlists, with `screened` the environment's choice.
    package func lists(tenantID: UUID, screened: [String]?, db: any Database) async throws -> SanctionsListsView {
        let statuses = try await SanctionsRepository(db: db).statuses(tenantID: tenantID)
        return SanctionsListsView(screened: screened, lists: statuses.map { status in
            SanctionsListView(list: status.list, title: SanctionsListID.title(status.list), tenantOwned: status.tenantID != nil,
                              source: status.source, entries: status.entries, published: status.published, sha256: status.sha256,
                              importedAt: Date(timeIntervalSince1970: Double(status.importedAt) / 1000).ISO8601Format())
        })
    }

    /// Removes `tenantID`'s watchlist `name`, its versions and what they changed.
    package func remove(name: String, tenantID: UUID, environmentID: UUID?, change: AuditedChange, db: any Database) async throws -> WatchlistRemoved {
        let list = try SanctionsListID.watchlist(name)
        guard try await SanctionsRepository(db: db).remove(.init(list, tenantID: tenantID)) else {
            throw VerityError(.notFound, "this tenant has no watchlist \(name)")
        }
        try await AuditRepository(db: db).record("sanctions.watchlist_remove", actor: change.actor, environmentID: environmentID, userID: nil,
                                                 now: clock.nowMillis(), tenantID: tenantID, reason: change.reason(with: list))
        return WatchlistRemoved(list: list, removed: true)
    }
}
