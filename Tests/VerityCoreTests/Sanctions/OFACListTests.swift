import Foundation
import Testing
@testable import VerityCore

/// OFAC's published SDN CSV, read whole: the real list beside the project.
@Suite("OFAC SDN list")
struct OFACListTests {
    static let file = ProcessInfo.processInfo.environment["VERITY_SANCTIONS_FILE"] ?? "../shared/data/sanctions/ofac-sdn-2024-05-03.csv"
    /// OFAC's alternate names (`alt.csv`, 2021), beside the SDN file.
    static let alternateNamesFile = (file as NSString).deletingLastPathComponent + "/ofac-alt-2021.csv"

    /// The list as screening reads it: the SDN entries with their alternate names.
    static let joined: OFACSupplements.Joined? = {
        guard let sdn = try? String(contentsOfFile: file, encoding: .utf8),
              let alt = try? String(contentsOfFile: alternateNamesFile, encoding: .utf8) else { return nil }
        return try? OFACSupplements.join(sdn: sdn, alt: alt, add: nil)
    }()

    @Test func theRealListReadsWholeWithItsPeopleAliasesDatesAndNationalities() throws {
        let text = try String(contentsOfFile: Self.file, encoding: .utf8)
        let entries = try OFACList.parse(csv: text)
        let lines = text.split(whereSeparator: \.isNewline).filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty && $0 != "\u{1A}" }
        #expect(entries.count == lines.count)
        #expect(entries.filter { $0.kind == .individual }.count == 6854)
        let zomor = try #require(entries.first { $0.id == 2677 })
        #expect(zomor.name == "AL-ZOMOR, Abboud Abdul Latif Hassan" && zomor.kind == .individual && zomor.programs == ["SDGT"])
        #expect(zomor.datesOfBirth == [SanctionsEntry.PartialDate(year: 1947, month: 4, day: 19)] && zomor.nationalities == ["Egypt"])
        let bank = try #require(entries.first { $0.id == 306 })
        #expect(bank.kind == .entity && bank.weakAliases == ["BNC"] && bank.aliases.isEmpty)
        let marzook = try #require(entries.first { $0.id == 3754 })
        #expect(marzook.weakAliases == ["ABU-'UMAR"] && marzook.datesOfBirth.first?.year == 1951)
        // Every individual with a DOB remark has at least one date read.
        let withDOB = text.split(whereSeparator: \.isNewline).filter { $0.contains("\"individual\"") && $0.contains("DOB ") }.count
        #expect(entries.filter { $0.kind == .individual && !$0.datesOfBirth.isEmpty }.count >= withDOB * 95 / 100)
    }

    @Test func remarksGiveAliasesDatesInEveryWrittenFormAndNationalities() {
        let remarks = OFACList.Remarks("DOB 1962 to 1964; alt. DOB Dec 1958; POB Cairo; nationality Egypt; alt. nationality Sudan; citizen Iraq; a.k.a. 'ABU ALI'; f.k.a. 'AL-HAJJ'.")
        #expect(remarks.aliases == ["ABU ALI", "AL-HAJJ"])
        #expect(remarks.datesOfBirth.map(\.description) == ["1962", "1963", "1964", "1958-12"])
        #expect(remarks.nationalities == ["Egypt", "Sudan", "Iraq"])
        #expect(OFACList.Remarks("DOB circa 1960").datesOfBirth.map(\.description) == ["1960"])
    }

    @Test func quotedFieldsKeepCommasAndDoubledQuotes() {
        #expect(OFACList.fields(#"1,"SMITH, John ""Jack""","individual",-0- "#) == ["1", #"SMITH, John "Jack""#, "individual", "-0- "])
    }

    @Test func aMalformedListNamesItsLinesAndGivesNothing() {
        let bad = "36,\"AEROCARIBBEAN AIRLINES\",-0- ,\"CUBA\",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- \nx,\"NAME\"\n"
        #expect(throws: VerityError(.invalidInput, "")) { try OFACList.parse(csv: bad) }
        do {
            _ = try OFACList.parse(csv: bad)
        } catch {
            #expect(error.problems.map(\.field) == ["line 2"])
        }
        #expect(throws: VerityError(.invalidInput, "")) { try OFACList.parse(csv: "\n\n") }
    }
}
