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
