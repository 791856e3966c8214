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
        return WatchlistImportResult(list: list, version: imported.version.version, sha256: imported.version.sha256, entries: imported.version.entries,
                                     unchanged: imported.unchanged, first: imported.first, added: imported.diff.added.map(SanctionsEntryReference.init),
                                     removed: imported.diff.removed.map(SanctionsEntryReference.init),
                                     changed: imported.diff.changed.map(SanctionsEntryReference.init))
    }

    /// The public lists and `tenantID`'s watchlists, with `screened` the environment's choice.
    package func lists(tenantID: UUID, screened: [String]?, db: any Database) async throws -> SanctionsListsView {
        SanctionsListsView(screened: screened, lists: try await SanctionsRepository(db: db).statuses(tenantID: tenantID).map(\.view))
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
