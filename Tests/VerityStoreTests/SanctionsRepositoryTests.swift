import Foundation
import Testing
@testable import VerityCore
@testable import VerityStore
import VerityStoreTestSupport

/// The sanctions list on SQLite and PostgreSQL: a new import replaces the old
/// list whole, in one transaction.
@Suite("Sanctions list storage")
struct SanctionsRepositoryTests {
    @Test func anImportReplacesTheListWholeAndTheRealListFitsIn() async throws {
        try await withStoreDatabase { store async throws in
            let repository = SanctionsRepository(db: store.db)
            let empty = try await repository.current()
            let noStatus = try await repository.status()
            #expect(empty.isEmpty && noStatus == nil)
            let first = [SanctionsEntry(id: 1, name: "DOE, John", kind: .individual, aliases: ["JD"],
                                        datesOfBirth: [.init(year: 1970)], nationalities: ["Utopia"])]
            try await repository.replace(with: first, source: "first.csv", now: 1_000)
            #expect(try await repository.current() == first)
            let text = try String(contentsOfFile: "../shared/data/sanctions/ofac-sdn-2024-05-03.csv", encoding: .utf8)
            let real = try OFACList.parse(csv: text)
            try await repository.replace(with: real, source: "ofac-sdn-2024-05-03.csv", now: 2_000)
            let current = try await repository.current()
            #expect(current.count == real.count && !current.contains { $0.name == "DOE, John" })
            let status = try #require(try await repository.status())
            #expect(status.entries == real.count && status.source == "ofac-sdn-2024-05-03.csv" && status.version == 2_000)
            #expect(try await DatabaseText.count(store, "SELECT COUNT(*) AS n FROM sanctions_entries") == real.count)
        }
    }
}
