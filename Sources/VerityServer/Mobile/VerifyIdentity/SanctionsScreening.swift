import Fluent
import Foundation
import VerityCore
import VerityStore

/// The matcher over the current sanctions list, built once per list version
/// and shared by every request (a new import is picked up on the next screen).
actor SanctionsScreening {
    static let shared = SanctionsScreening()

    private var cached: (key: String, matcher: SanctionsMatcher)?

    /// The matcher, or `SERVICE_UNAVAILABLE` when no list was imported: a
    /// compliance check without a list would pass everyone.
    func matcher(db: any Database) async throws -> SanctionsMatcher {
        let repository = SanctionsRepository(db: db)
        guard let status = try await repository.status() else {
            throw VerityError(.serviceUnavailable, "no sanctions list is imported on this server (verity sanctions import sdn.csv); nothing was charged")
        }
        // The version is the import's time; with its source and size it names one list.
        let key = "\(status.version)|\(status.source)|\(status.entries)"
        if let cached, cached.key == key { return cached.matcher }
        let matcher = SanctionsMatcher(entries: try await repository.current())
        cached = (key, matcher)
        return matcher
    }
}
