import Foundation
import VerityAPI
import VerityCore
import VerityKernel
import VeritySanctions

extension SanctionsOperations {
    /// `verity sanctions watchlist import`: a new version of `tenant`'s watchlist `name`.
    public func importWatchlist(_ bytes: [UInt8], name: String, tenant: String) async throws -> WatchlistImportResult {
        try await watchlists.importFile(bytes, name: name, tenantID: try await tenantID(named: tenant), environmentID: nil, change: .cli, db: db)
    }

    /// `verity sanctions watchlist remove`.
    public func removeWatchlist(name: String, tenant: String) async throws -> WatchlistRemoved {
        try await watchlists.remove(name: name, tenantID: try await tenantID(named: tenant), environmentID: nil, change: .cli, db: db)
    }

    /// `verity sanctions show --tenant`: the public lists and the tenant's watchlists.
    public func lists(tenant: String) async throws -> SanctionsListsView {
        try await watchlists.lists(tenantID: try await tenantID(named: tenant), screened: nil, db: db)
    }

    var watchlists: WatchlistService { WatchlistService(protector: protector, clock: clock) }
}
