import Testing
@testable import VerityCore

@Suite("Claims match recorded people")
struct IdentityMatcherTests {
    let today = DateOfBirth(year: 2026, month: 1, day: 1)

    func claim(_ change: (inout IdentityClaim.Fields) -> Void = { _ in }) throws -> IdentityClaim {
        var fields = IdentityClaim.Fields(firstName: "john", lastName: "SMITH", address: "222333 Peachtree Pl",
                                          city: nil, state: nil, postalCode: "30318-0001", country: "US",
                                          dateOfBirth: "1975-02-28")
        change(&fields)
        return try IdentityClaim.validate(fields, supportedCountries: nil, today: today)
    }

    var record: IdentityRecord {
        get throws {
            IdentityRecord(claim: try IdentityClaim.validate(.init(
                firstName: "John", lastName: "Smith", address: "222333 Peachtree Place", city: "Atlanta",
                state: "GA", postalCode: "30318", country: "US", dateOfBirth: "1975-02-28"),
                supportedCountries: nil, today: today))
        }
    }

    @Test func matchesIgnoringCaseAbbreviationsAndZipPlusFour() throws {
        #expect(IdentityMatcher.matches(try claim(), try record))
        #expect(IdentityMatcher.lookupKey(try claim()) == IdentityMatcher.lookupKey(try claim { $0.lastName = "smith" }))
    }

    @Test func cityAndStateCountWhenGiven() throws {
        #expect(IdentityMatcher.matches(try claim { $0.state = "Georgia" }, try record))
        #expect(!IdentityMatcher.matches(try claim { $0.city = "Savannah" }, try record))
    }

    @Test func anyDifferentFieldFails() throws {
        #expect(!IdentityMatcher.matches(try claim { $0.firstName = "Jon" }, try record))
        #expect(!IdentityMatcher.matches(try claim { $0.dateOfBirth = "1975-02-27" }, try record))
        #expect(!IdentityMatcher.matches(try claim { $0.postalCode = "30319" }, try record))
    }

    @Test func flaggedRecordsGiveTheirOutcome() throws {
        var flagged = try record
        flagged.deceased = true
        #expect(IdentityMatcher.outcome(for: try claim(), among: [flagged]) == .deceased)
        flagged.fraudAlert = true
        #expect(IdentityMatcher.outcome(for: try claim(), among: [flagged]) == .fraudAlert)
        #expect(IdentityMatcher.outcome(for: try claim(), among: []) == .notMatched)
    }
}

@Suite("Consent texts are chosen by locale, then content type")
struct ConsentSelectorTests {
    let choices = [
        ConsentTextChoice(locale: "en-US", contentType: "text/plain"),
        ConsentTextChoice(locale: "en-US", contentType: "text/html"),
        ConsentTextChoice(locale: "fr-FR", contentType: "text/plain"),
    ]

    func pick(_ locale: String?, _ type: String?) -> ConsentTextChoice? {
        ConsentContentSelector.select(from: choices, preferredLocale: locale, preferredContentType: type, defaultLocale: "en-US")
    }

    @Test func exactThenLanguageThenDefault() {
        #expect(pick("en-US", "text/html") == choices[1])
        #expect(pick("fr-CA", "text/plain") == choices[2])
        #expect(pick("fr-CA", "text/html") == choices[2])
        #expect(pick("de-DE", "text/plain") == choices[0])
        #expect(pick("en_gb", "text/markdown") == choices[0])
        #expect(pick(nil, nil) == choices[0])
        #expect(ConsentContentSelector.select(from: [], preferredLocale: "en", preferredContentType: nil, defaultLocale: "en") == nil)
    }

    @Test func localesAndTypesAreChecked() {
        #expect(ConsentContentSelector.isValidLocale("en-US"))
        #expect(ConsentContentSelector.isValidLocale("zh-Hant-TW"))
        #expect(!ConsentContentSelector.isValidLocale("e"))
        #expect(!ConsentContentSelector.isValidLocale("en-US;drop table"))
        #expect(ConsentContentSelector.isValidContentType("text/plain"))
        #expect(!ConsentContentSelector.isValidContentType("text"))
        #expect(!ConsentContentSelector.isValidContentType("text/plain; charset=utf-8"))
    }
}
