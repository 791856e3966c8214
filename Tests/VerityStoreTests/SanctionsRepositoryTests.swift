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

/// Several lists side by side, each with its versions and what each changed.
@Suite("Sanctions list versions")
struct SanctionsListVersionTests {
    static func person(_ id: Int, _ name: String, list: String = SanctionsListID.unConsolidated, aliases: [String] = []) -> SanctionsEntry {
        SanctionsEntry(list: list, id: id, reference: "QDi.\(id)", name: name, kind: .individual, aliases: aliases)
    }

    @Test func eachListKeepsItsOwnVersionsAndEachImportRecordsWhatChanged() async throws {
        try await withStoreDatabase { store async throws in
            let repository = SanctionsRepository(db: store.db)
            let un = SanctionsRepository.ListKey(SanctionsListID.unConsolidated)
            try await repository.replace(with: [SanctionsEntry(id: 1, name: "DOE, John", kind: .individual)], source: "sdn.csv", now: 1_000)
            let first = try await repository.replace(with: [Self.person(1, "ALPHA ONE"), Self.person(2, "BETA TWO"), Self.person(3, "GAMMA THREE")],
                                                     list: un, source: "un-1.xml", published: "2026-01-01", now: 2_000)
            #expect(first.first && first.diff.isEmpty && first.version.entries == 3)
            // The next version: 2 removed, 3 changed (an alias), 4 added.
            let second = try await repository.replace(
                with: [Self.person(1, "ALPHA ONE"), Self.person(3, "GAMMA THREE", aliases: ["G. Three"]), Self.person(4, "DELTA FOUR")],
                list: un, source: "un-2.xml", published: "2026-02-01", now: 3_000)
            #expect(!second.first && !second.unchanged)
            #expect(second.diff.added.map(\.id) == [4] && second.diff.removed.map(\.id) == [2] && second.diff.changed.map(\.id) == [3])
            #expect(second.version.added == 1 && second.version.removed == 1 && second.version.changed == 1 && second.version.published == "2026-02-01")
            // The same file again writes nothing.
            let again = try await repository.replace(
                with: [Self.person(1, "ALPHA ONE"), Self.person(3, "GAMMA THREE", aliases: ["G. Three"]), Self.person(4, "DELTA FOUR")],
                list: un, source: "un-2.xml", published: "2026-02-01", sha256: second.version.sha256, now: 4_000)
            #expect(again.unchanged && again.version.id == second.version.id)
            // Each list as it stands; OFAC's untouched by the UN's imports.
            let statuses = try await repository.statuses()
            #expect(statuses.map(\.list) == [SanctionsListID.ofacSDN, SanctionsListID.unConsolidated])
            #expect(statuses[1].entries == 3 && statuses[1].published == "2026-02-01" && statuses[1].sha256 == second.version.sha256)
            #expect(try await repository.current([.init(SanctionsListID.ofacSDN)]).map(\.name) == ["DOE, John"])
            #expect(try await repository.current().count == 4)
            // The history, newest first, and what a version changed, read back.
            let versions = try await repository.versions(of: un)
            #expect(versions.map(\.source) == ["un-2.xml", "un-1.xml"])
            let diff = try await repository.diff(versionID: versions[0].id)
            #expect(diff == second.diff)
            #expect(try await repository.diff(versionID: versions[1].id).isEmpty)
            #expect(try await DatabaseText.count(store, "SELECT COUNT(*) AS n FROM sanctions_entries") == 4)
        }
    }

    /// OFAC's entries hash as they did before lists had names: a reviewer's
    /// false positive recorded then still holds.
    @Test func anOFACEntryEncodesAsBeforeAndAnotherListsEntryNamesItsList() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let ofac = SanctionsEntry(id: 7, name: "DOE, John", kind: .individual)
        #expect(String(decoding: try encoder.encode(ofac), as: UTF8.self)
                == #"{"addressCountries":[],"aliases":[],"datesOfBirth":[],"id":7,"kind":"individual","name":"DOE, John","nationalities":[],"programs":[],"weakAliases":[]}"#)
        let un = Self.person(7, "JOHN DOE")
        let text = String(decoding: try encoder.encode(un), as: UTF8.self)
        #expect(text.contains(#""list":"un-consolidated""#) && text.contains(#""reference":"QDi.7""#))
        #expect(try JSONDecoder().decode(SanctionsEntry.self, from: Data(text.utf8)) == un)
        #expect(try SanctionsClearanceRepository.fingerprint(ofac) != SanctionsClearanceRepository.fingerprint(SanctionsEntry(list: "x", id: 7, name: "DOE, John", kind: .individual)))
    }
}
