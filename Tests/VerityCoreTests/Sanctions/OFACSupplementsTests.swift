import Foundation
import Testing
@testable import VerityCore

/// OFAC's three files read together: the names people are known by come from
/// `alt.csv`, their addresses' countries from `add.csv`.
@Suite("OFAC alt.csv and add.csv")
struct OFACSupplementsTests {
    @Test func theRealAlternateNamesJoinTheirEntriesByEntNum() throws {
        // given the 2024 SDN list and the 2021 alternate names
        let joined = try #require(OFACListTests.joined, "the lists at \(OFACListTests.file) did not load")
        // then every row joins an entry still listed, or is counted as left out
        #expect(joined.entries.count == 14965)
        #expect(joined.alternateNames + joined.unmatchedRows >= 11_800)
        #expect(joined.unmatchedRows == 362)
        let binLadin = try #require(joined.entries.first { $0.id == 6365 })
        #expect(binLadin.aliases.contains("BIN LADEN, Osama") && binLadin.aliases.contains("BIN LADIN, Usama"))
        let guzman = try #require(joined.entries.first { $0.id == 6861 })
        #expect(guzman.aliases.contains("GUZMAN, Chapo"))
        // and the remarks' quoted a.k.a.s stay weak ones
        let zambada = try #require(joined.entries.first { $0.id == 7226 })
        #expect(zambada.weakAliases == ["El Mayo", "Mayo"] && zambada.aliases.contains("ZAMBADA, El Mayo"))
    }

    @Test func addressesGiveTheirCountriesOnceEach() throws {
        // given
        let sdn = #"7226,"ZAMBADA GARCIA, Ismael","individual","SDNTK",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"DOB 1948."\#n"#
        let add = """
            7226,1,-0- ,"Culiacan, Sinaloa","Mexico",-0-
            7226,2,"Calle 1","Guadalajara","Mexico",-0-
            7226,3,-0- ,-0- ,-0- ,-0-
            9999,4,-0- ,"Madrid","Spain",-0-
            """
        // when
        let joined = try OFACSupplements.join(sdn: sdn, alt: nil, add: add)
        // then
        #expect(joined.entries[0].addressCountries == ["Mexico"])
        #expect(joined.addresses == 3 && joined.unmatchedRows == 1)
    }

    @Test func aMalformedAlternateNamesFileNamesItsLineAndRefusesTheWholeList() {
        let sdn = #"6365,"BIN LADIN, Usama","individual","SDGT",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- "#
        for bad in [#"6365,4771,"aka""#, #"x,4771,"aka","BIN LADEN, Osama",-0-"#, #"6365,4771,"spouse","BIN LADEN, Osama",-0-"#,
                    #"6365,4771,"aka",-0- ,-0-"#] {
            do {
                _ = try OFACSupplements.join(sdn: sdn, alt: "6365,4757,\"aka\",\"BIN LADEN, Usama\",-0- \n" + bad, add: nil)
                Issue.record("\(bad) was accepted")
            } catch {
                #expect(error.code == .invalidInput && error.problems.map(\.field) == ["alt.csv line 2"], "\(bad): \(error)")
            }
        }
    }

    @Test func listsImportedBeforeWeakAliasesStillDecode() throws {
        // given an entry as stored before weak aliases and addresses were read
        let stored = #"{"id":3754,"name":"ABU MARZOOK, Mousa Mohammed","kind":"individual","programs":["SDGT"],"aliases":["ABU-'UMAR"],"datesOfBirth":[{"year":1951}],"nationalities":[]}"#
        // when
        let entry = try JSONDecoder().decode(SanctionsEntry.self, from: Data(stored.utf8))
        // then
        #expect(entry.aliases == ["ABU-'UMAR"] && entry.weakAliases.isEmpty && entry.addressCountries.isEmpty)
    }
}
