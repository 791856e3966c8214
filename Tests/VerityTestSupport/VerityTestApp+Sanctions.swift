import Foundation
import VerityCore
import VeritySanctions
import VerityStore

extension VerityTestApp {
    /// Makes `entries` the current version of their list, as an import does,
    /// and waits for the server's matcher to hold it (a running server screens
    /// with the version before until the new one is built).
    public func useSanctions(_ entries: [SanctionsEntry], list: String = SanctionsListID.ofacSDN, source: String, now: Int64) async throws {
        try await SanctionsRepository(db: app.db).replace(with: entries, list: .init(list), source: source, now: now)
        try await app.sanctionsScreening(pool: nil).refresh(db: app.db)
    }
}
