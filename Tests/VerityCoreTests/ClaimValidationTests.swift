import Testing
@testable import VerityCore

@Suite("Identity claims are checked field by field")
struct ClaimValidationTests {
    let today = DateOfBirth(year: 2026, month: 11, day: 21)

    func fields(_ change: (inout IdentityClaim.Fields) -> Void = { _ in }) -> IdentityClaim.Fields {
        var fields = IdentityClaim.Fields(firstName: "John", lastName: "Smith", address: "222333 Peachtree Place",
                                          city: "Atlanta", state: "GA", postalCode: "30318", country: "us",
                                          dateOfBirth: "1975-02-28")
        change(&fields)
        return fields
    }

    func field(of change: (inout IdentityClaim.Fields) -> Void) -> (String?, VerityError.Code?) {
        do {
            _ = try IdentityClaim.validate(fields(change), supportedCountries: ["US", "GB"], today: today)
            return (nil, nil)
        } catch {
            return (error.field, error.code)
        }
    }

    @Test func aValidClaimIsNormalised() throws {
        let claim = try IdentityClaim.validate(fields { $0.city = "  " }, supportedCountries: ["US"], today: today)
        #expect(claim.country == "US")
        #expect(claim.city == nil)
        #expect(claim.dateOfBirth == DateOfBirth(year: 1975, month: 2, day: 28))
    }

    @Test func everyBadFieldIsNamed() {
        #expect(field { $0.firstName = "" }.0 == "firstName")
        #expect(field { $0.lastName = "   " }.0 == "lastName")
        #expect(field { $0.firstName = String(repeating: "a", count: 101) }.0 == "firstName")
        #expect(field { $0.firstName = String(repeating: "a", count: 100) }.0 == nil)
        #expect(field { $0.address = String(repeating: "a", count: 201) }.0 == "address")
        #expect(field { $0.address = "1 Main\u{0}St" }.0 == "address")
        #expect(field { $0.city = "---" }.0 == "city")
        #expect(field { $0.postalCode = "ABC" }.0 == "postalCode")
        #expect(field { $0.country = "USA" }.0 == "country")
        #expect(field { $0.country = "ZZ" }.0 == "country")
    }

    @Test func unsupportedCountriesHaveTheirOwnCode() {
        let (field, code) = field { $0.country = "FR"; $0.postalCode = "75008" }
        #expect(field == "country")
        #expect(code == .unsupportedCountry)
    }

    @Test(arguments: ["2023-02-30", "1800-01-01", "1899-12-31", "2030-01-01", "1975-2-28", "28-02-1975",
                      "1975/02/28", "", "1975-02-28T00:00", "１９７５-02-28", "1975-13-01", "1975-00-10"])
    func badDatesOfBirthAreRejected(_ text: String) {
        #expect(field { $0.dateOfBirth = text }.0 == "dateOfBirth")
    }

    @Test func leapDaysAreRealDates() throws {
        #expect(try DateOfBirth.parse("2000-02-29", today: today).day == 29)
        #expect(throws: VerityError.self) { try DateOfBirth.parse("1900-02-29", today: today) }
        #expect(try DateOfBirth.parse("2026-11-21", today: today).description == "2026-11-21")
    }
}
