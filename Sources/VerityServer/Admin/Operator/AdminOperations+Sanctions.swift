import Foundation
import VerityCore
import VerityStore

/// What `verity sanctions import` does.
extension AdminOperations {
    /// Reads an OFAC SDN CSV and makes it the current list (all or nothing); returns the entry count.
    public func importSanctions(csv text: String, source: String,
                                progress: @escaping @Sendable (_ done: Int, _ total: Int) -> Void) async throws -> Int {
        let entries = try OFACList.parse(csv: text)
        let total = entries.count
        try await SanctionsRepository(db: db).replace(with: entries, source: source, now: clock.nowMillis()) { progress($0, total) }
        try await audit("sanctions.import", environmentID: nil)
        return total
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

extension AdminOperations {
    /// Screens one identity against the current list with the matcher
    /// VerifyCompliance uses; `SERVICE_UNAVAILABLE` when no list is imported.
    public func screenSanctions(name: String, dateOfBirth: DateOfBirth?, nationality: String?) async throws -> SanctionsScreenReport {
        guard let status = try await sanctionsStatus() else {
            throw VerityError(.serviceUnavailable, "no sanctions list is imported (verity sanctions import sdn.csv)")
        }
        let matcher = try await SanctionsScreening.shared.matcher(db: db)
        let matches = matcher.screen(.init(name: name, dateOfBirth: dateOfBirth, nationality: nationality))
        let importedAt = Date(timeIntervalSince1970: Double(status.importedAt) / 1000).ISO8601Format()
        return SanctionsScreenReport(list: .init(source: status.source, entries: status.entries, importedAt: importedAt), name: name,
                                     dateOfBirth: dateOfBirth?.description, nationality: nationality, match: !matches.isEmpty,
                                     threshold: matcher.threshold, matches: matches)
    }
}
