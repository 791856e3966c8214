import Foundation
import Testing
@testable import VerityCore

/// Screening against OFAC's real SDN list and its alternate names: listed
/// people written as typists, transliterators and newspapers write them, and
/// ordinary names that must not hit.
@Suite("Sanctions matcher on the real SDN list")
struct SanctionsMatcherTests {
    static let matcher = SanctionsMatcher(entries: OFACListTests.joined?.entries ?? [])

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
        #expect(NameForm("أسامة").skeletons == NameForm("Usama").skeletons)   // taa marbuta is a vowel, not a t
        #expect(NameForm("Potanin").skeletons != NameForm("Putin").skeletons)   // n, vowel, n is two n's
        // Arabic script joins the article and writes no vowel in بن; ICU writes an ain as ʿ.
        #expect(NameForm("بشار الأسد").tokens == ["bshar", "asd"])
        #expect(NameForm("أسامة بن لادن").tokens == ["asama", "ladn"])
        #expect(NameForm("عبد الملك").tokens == ["abd", "mlk"])
        #expect(NameForm("معمر").skeletons == NameForm("Muammar").skeletons)
        // Cyrillic as lists write it, not as ISO 9's diacritics fold.
        #expect(NameForm("Юрий Ковальчук").tokens == ["yuriy", "kovalchuk"])
        #expect(NameForm("Виктор Янукович").tokens == ["viktor", "yanukovich"])
        #expect(NameForm("Евгений Пригожин").tokens == ["evgeniy", "prigozhin"])
        #expect(SanctionsMatcher.jaroWinkler("martha", "marhta") > 0.96)
    }

    /// The people a compliance officer tries first, as newspapers write them
    /// (issue 22): each is on the list under another spelling, with
    /// patronymics or bin chains the press leaves out, or by a nickname.
    @Test(arguments: [
        ("Osama bin Laden", 6365), ("Usama bin Laden", 6365), ("Osama bin Ladin", 6365), ("Viktor Bout", 8279),
        ("Alexander Lukashenko", 9760), ("Sergei Shoigu", 35173), ("Sergey Shoygu", 35173), ("El Chapo", 6861), ("Mayo", 7226),
        ("El Mayo", 7226), ("Muammar Gaddafi", 12606), ("Muammar Qaddafi", 12606), ("Muammar Qadhafi", 12606),
        ("Yevgeny Prigozhin", 21171), ("Evgeny Prigozhin", 21171), ("Evgeniy Prigozhin", 21171), ("Joaquin Guzman", 6861),
        ("张磊", 16318), ("王国英", 16819),
    ])
    func thePeopleComplianceTeamsLookForFirstAreFound(name: String, entryID: Int) {
        let matches = Self.matcher.screen(.init(name: name))
        #expect(matches.contains { $0.entryID == entryID }, "\(name): \(matches.prefix(3).map { "\($0.entryID) \($0.matchedName) \($0.score)" })")
    }

    @Test func aNicknameOrWeakAliasSaysSoAndCountsLessThanTheName() throws {
        let mayo = try #require(Self.matcher.screen(.init(name: "Mayo")).first { $0.entryID == 7226 })
        #expect(mayo.reasons.first?.hasPrefix("weak a.k.a.") == true && mayo.score < 1)
        let chapo = try #require(Self.matcher.screen(.init(name: "El Chapo")).first { $0.entryID == 6861 })
        #expect(chapo.reasons.first?.hasPrefix("nickname") == true)
        // Another nickname spelled nearly alike is another nickname (CHEPE, El Sapo).
        #expect(Self.matcher.screen(.init(name: "El Chapo")).map(\.entryID) == [6861])
        let listed = try #require(Self.matcher.screen(.init(name: "Ismael Zambada Garcia")).first { $0.entryID == 7226 })
        #expect(listed.score > mayo.score)
    }

    @Test func aPersonIsScreenedAgainstPeopleAndAnyNameAgainstEverything() {
        // given an organisation's name
        let name = "Hezbollah"
        // then a person's screen leaves organisations out, and a screen of any kind finds it
        #expect(!Self.matcher.screen(.init(name: name)).contains { $0.kind != .individual })
        #expect(Self.matcher.screen(.init(name: name, kinds: Set(SanctionsEntry.Kind.allCases))).contains { $0.kind == .entity })
        // An organisation by the one word of its name that is not a legal form.
        #expect(Self.matcher.screen(.init(name: "Rosneft", kinds: Set(SanctionsEntry.Kind.allCases))).first?.entryID == 18299)
    }

    /// Watchman's users' complaint: a legal form alone ("CORP", "LIMITED") scored 100 %.
    @Test(arguments: ["Acme Corp", "Smith Trading Company Limited", "Global Holdings Ltd", "International Trading LLC"])
    func legalFormsAndGenericWordsMakeNoMatch(name: String) {
        let matches = Self.matcher.screen(.init(name: name, kinds: Set(SanctionsEntry.Kind.allCases)))
        #expect(matches.isEmpty, "\(name): \(matches.prefix(3).map { "\($0.matchedName) \($0.score)" })")
    }
}
