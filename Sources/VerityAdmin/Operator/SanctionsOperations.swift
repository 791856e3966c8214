import Fluent
import Foundation
import VerityCore
import VerityStore
import VerityKernel
import VeritySanctions

/// OFAC's list as published: `sdn.csv`, and `alt.csv` and `add.csv` when given.
public struct SanctionsListFiles: Sendable {
    public var sdn: String
    public var alternateNames: String?
    public var addresses: String?
    /// The files' names, `sdn.csv + alt.csv`: what `verity sanctions show` names the list by.
    public var source: String

    public init(sdn: String, alternateNames: String? = nil, addresses: String? = nil, source: String) {
        self.sdn = sdn
        self.alternateNames = alternateNames
        self.addresses = addresses
        self.source = source
    }
}

/// What `verity sanctions import` does.
public struct SanctionsOperations: OperatorTask {
    package let db: any Database
    package let clock: VerityClock
    /// The matcher of these operations (one per CLI run).
    let screening: SanctionsScreening

    /// Reads OFAC's SDN CSV, with its alternate names (`alt.csv`) and addresses
    /// (`add.csv`) when given, and makes it the current list (all or nothing).
    /// `adding` joins entries of the caller's own (the demo's one fictional entry).
    public func importSanctions(_ files: SanctionsListFiles, adding extra: [SanctionsEntry] = [],
                                progress: @escaping @Sendable (_ done: Int, _ total: Int) -> Void) async throws -> OFACSupplements.Joined {
        var joined = try OFACSupplements.join(sdn: files.sdn, alt: files.alternateNames, add: files.addresses)
        joined.entries += extra
        let total = joined.entries.count
        try await SanctionsRepository(db: db).replace(with: joined.entries, source: files.source, now: clock.nowMillis()) { progress($0, total) }
        try await audit("sanctions.import", environmentID: nil)
        return joined
    }

    public func sanctionsStatus() async throws -> SanctionsRepository.Status? {
        try await SanctionsRepository(db: db).status()
    }
}

/// What `verity sanctions screen` prints: the list screened against and what matched.
public struct SanctionsScreenReport: Codable, Sendable {
    public struct List: Codable, Sendable {
        public var source: String
        public var entries: Int
        /// ISO 8601.
        public var importedAt: String
    }

    public var list: List
    public var name: String
    public var dateOfBirth: String?
    public var nationality: String?
    /// Whether anything reached the threshold: the person needs a human review.
    public var match: Bool
    public var threshold: Double
    public var matches: [SanctionsMatcher.Match]
}

extension SanctionsOperations {
    /// Screens one identity against the current list with the matcher
    /// VerifyCompliance uses; `SERVICE_UNAVAILABLE` when no list is imported.
    public func screenSanctions(name: String, dateOfBirth: DateOfBirth?, nationality: String?,
                                kinds: Set<SanctionsEntry.Kind> = [.individual]) async throws -> SanctionsScreenReport {
        guard let status = try await sanctionsStatus() else {
            throw VerityError(.serviceUnavailable, "no sanctions list is imported (verity sanctions import sdn.csv)")
        }
        let matcher = try await screening.matcher(db: db)
        let matches = try await screening.screen(.init(name: name, dateOfBirth: dateOfBirth, nationality: nationality, kinds: kinds), db: db)
        let importedAt = Date(timeIntervalSince1970: Double(status.importedAt) / 1000).ISO8601Format()
        return SanctionsScreenReport(list: .init(source: status.source, entries: status.entries, importedAt: importedAt), name: name,
                                     dateOfBirth: dateOfBirth?.description, nationality: nationality, match: !matches.isEmpty,
                                     threshold: matcher.threshold, matches: matches)
    }
}
