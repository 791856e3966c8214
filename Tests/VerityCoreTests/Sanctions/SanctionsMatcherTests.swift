import Foundation
import Testing
@testable import VerityCore

/// Screening against OFAC's real SDN list: one listed person written as
/// typists and transliterators write him, and ordinary names that must not hit.
@Suite("Sanctions matcher on the real SDN list")
struct SanctionsMatcherTests {
    static let matcher: SanctionsMatcher = {
        let text = (try? String(contentsOfFile: OFACListTests.file, encoding: .utf8)) ?? ""
        return SanctionsMatcher(entries: (try? OFACList.parse(csv: text)) ?? [])
    }()

    /// ABU MARZOOK, Mousa Mohammed (ent_num 3754), DOB 09 Feb 1951, a.k.a. 'ABU-'UMAR'.
    @Test(arguments: [
        "ABU MARZOOK, Mousa Mohammed", "Mousa Mohammed Abu Marzook", "mousa abu marzook", "Musa Muhammad Abu Marzuk",
        "Moussa Mohamed Abou Marzouk", "M. M. Abu Marzook", "Marzook Mousa", "موسى محمد أبو مرزوق", "Муса Мохаммед Абу Марзук",
        "MOUSA MOHAMMED ABU-MARZOOK",
    ])
    func variantsOfAListedNameFindHim(name: String) {
        let matches = Self.matcher.screen(.init(name: name))
        #expect(matches.contains { $0.entryID == 3754 }, "\(name): \(matches.prefix(3).map { "\($0.entryID) \($0.score)" })")
    }

    @Test func theDateOfBirthAndNationalityMoveTheScore() throws {
        let agreeing = try #require(Self.matcher.screen(.init(name: "Mousa Abu Marzook", dateOfBirth: DateOfBirth(year: 1951, month: 2, day: 9)))
            .first { $0.entryID == 3754 })
        #expect(agreeing.reasons.contains("date of birth agrees"))
        let plain = try #require(Self.matcher.screen(.init(name: "Mousa Abu Marzook")).first { $0.entryID == 3754 })
        #expect(agreeing.score > plain.score)
        let other = Self.matcher.screen(.init(name: "Mousa Abu Marzook", dateOfBirth: DateOfBirth(year: 1990, month: 5, day: 5))).first { $0.entryID == 3754 }
        #expect(other == nil || other!.score < plain.score)
        let zomor = try #require(Self.matcher.screen(.init(name: "Abboud Abdul Latif al-Zomor", nationality: "EG")).first { $0.entryID == 2677 })
        #expect(zomor.reasons.contains("nationality agrees"))
    }

    @Test(arguments: ["John Smith", "Maria Garcia", "Emma Johnson", "Oliver Brown", "Sophie Martin", "Lukas Schneider", "Anna Kowalska",
                      "Hiroshi Tanaka", "Priya Sharma", "Chloé Dubois"])
    func ordinaryNamesDoNotHit(name: String) {
        let matches = Self.matcher.screen(.init(name: name))
        #expect(matches.isEmpty, "\(name): \(matches.prefix(3).map { "\($0.listedName) \($0.score)" })")
    }

    @Test func wordsMeetAcrossScriptsAndSpellings() {
        #expect(NameForm("Mohammed").skeletons == NameForm("محمد").skeletons)
        #expect(NameForm("Muhammad").skeletons == NameForm("Mohamed").skeletons)
        #expect(NameForm("Abdul Rahman al-Hassan").tokens == ["abd", "rahman", "hassan"])
        #expect(SanctionsMatcher.jaroWinkler("martha", "marhta") > 0.96)
    }
}
