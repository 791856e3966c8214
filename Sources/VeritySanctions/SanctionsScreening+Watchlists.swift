import Fluent
import Foundation
import VerityCore
import VerityStore

/// Whose watchlists a screen reads beside the public lists, and the key that opens them.
package struct TenantLists: Sendable {
    let tenantID: UUID
    let protector: DataProtector

    package init(tenantID: UUID, protector: DataProtector) {
        self.tenantID = tenantID
        self.protector = protector
    }
}

extension SanctionsScreening {
    /// The matcher over `tenant`'s watchlists, built when their versions
    /// change; nil when the tenant has none. Its words weigh as the public
    /// lists' do, so a watchlist of ten names screens as strictly as OFAC's
    /// list, and one tenant's list never changes another's scores.
    func watchlistMatcher(_ tenant: TenantLists, weighing: SanctionsMatcher, db: any Database) async throws -> SanctionsMatcher? {
        let statuses = try await SanctionsRepository(db: db).statuses(tenantID: tenant.tenantID).filter { $0.tenantID == tenant.tenantID }
        guard !statuses.isEmpty else { watchlists[tenant.tenantID] = nil; return nil }
        let key = statuses.map { "\($0.list)|\($0.version)|\($0.entries)" }.joined(separator: ";") + "|\(weighing.candidateCount)"
        if let built = watchlists[tenant.tenantID], built.key == key { return built.matcher }
        let entries = try await SanctionsRepository(db: db, protector: tenant.protector)
            .current(statuses.map { SanctionsRepository.ListKey($0.list, tenantID: tenant.tenantID) })
        let versions = Dictionary(statuses.compactMap { status in status.listVersion.map { (status.list, $0) } }, uniquingKeysWith: { first, _ in first })
        let matcher = try await Self.run(on: pool) { SanctionsMatcher(entries: entries, versions: versions, weighing: weighing) }
        watchlists[tenant.tenantID] = (key, matcher)
        return matcher
    }
}
