import Fluent
import Foundation
import VerityAPI
import VerityCore
import VerityKernel
import VerityOperators
import VeritySanctions
import VerityStore

/// The console's door to the sanctions lists (`WatchlistService`, the same
/// the admin API and the CLI use): the public lists and the tenant's own
/// watchlists with their recent versions, for any admin; a watchlist's import
/// or removal, for an admin who confirmed themselves recently, with their
/// reason in the audit line.
struct ConsoleSanctionsLists {
    let db: any Database
    let clock: VerityClock
    let watchlists: WatchlistService

    /// Versions shown per list, newest first.
    static let versionsShown = 5

    struct View {
        let lists: [SanctionsRepository.Status]
        /// Each list's recent versions, newest first, by list id.
        let versions: [String: [Version]]
    }

    struct Version {
        let record: SanctionsRepository.VersionRecord
        /// The list's first version, which changed nothing: it began the list.
        let first: Bool
    }

    func view(session: OperatorAccounts.Session) async throws -> View {
        try ConsoleEnvironmentSettings.requireAdmin(session)
        let repository = SanctionsRepository(db: db)
        let statuses = try await repository.statuses(tenantID: session.tenantID)
        var versions: [String: [Version]] = [:]
        for status in statuses {
            let all = try await repository.versions(of: .init(status.list, tenantID: status.tenantID))
            versions[status.list] = all.prefix(Self.versionsShown).enumerated().map { Version(record: $1, first: $0 == all.count - 1) }
        }
        return View(lists: statuses, versions: versions)
    }

    func importWatchlist(name: String?, file: Data?, reason: String?, session: OperatorAccounts.Session) async throws -> WatchlistImportResult {
        try ConsoleEnvironmentSettings.requireConfirmedAdmin(session, now: clock.nowMillis())
        let reason = try ConsoleEnvironmentSettings.reason(reason)
        guard let file, !file.isEmpty else { throw VerityError.invalid("watchlistFile", "choose a watchlist file (CSV or JSON)") }
        guard file.count <= WatchlistImportInput.maximumFileBytes else {
            throw VerityError(.payloadTooLarge, "a watchlist file is at most \(WatchlistImportInput.maximumFileBytes / 1_048_576) MB",
                              field: "watchlistFile")
        }
        return try await watchlists.importFile(Array(file), name: name ?? "", tenantID: session.tenantID, environmentID: nil,
                                               change: .operator(session.operatorID, reason: reason), db: db)
    }

    func remove(name: String?, reason: String?, session: OperatorAccounts.Session) async throws -> WatchlistRemoved {
        try ConsoleEnvironmentSettings.requireConfirmedAdmin(session, now: clock.nowMillis())
        let reason = try ConsoleEnvironmentSettings.reason(reason)
        return try await watchlists.remove(name: name ?? "", tenantID: session.tenantID, environmentID: nil,
                                           change: .operator(session.operatorID, reason: reason), db: db)
    }
}
