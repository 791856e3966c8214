import Testing
@testable import VerityCore

@Suite("Egyptian national number: birth date, governorate and gender from the 14 digits")
struct EgyptianNationalNumberTests {
    /// A fictional number: born 1990-05-17 in Giza (21), sequence 0123 (odd: male).
    static func number(century: String = "2", date: String = "900517", governorate: String = "21", sequence: String = "0123") -> String {
        let first13 = century + date + governorate + sequence
        let digits = first13.compactMap(\.wholeNumberValue)
        return first13 + String(EgyptianNationalNumber.checkDigit(digits))
    }

    @Test func theDigitsEncodeBirthDateGovernorateAndGender() throws {
        let nid = try EgyptianNationalNumber.parse(Self.number())
        #expect(nid.dateOfBirth == CalendarDate(year: 1990, month: 5, day: 17))
        #expect(nid.governorateCode == 21 && nid.birthGovernorate == "Giza")
        #expect(nid.gender == .male)
        #expect(nid.checkDigitMatches)
    }

    @Test func century3IsThe2000sAndAnEvenSequenceIsAWoman() throws {
        let nid = try EgyptianNationalNumber.parse(Self.number(century: "3", date: "040229", governorate: "88", sequence: "4562"))
        #expect(nid.dateOfBirth == CalendarDate(year: 2004, month: 2, day: 29))
        #expect(nid.gender == .female)
        #expect(nid.birthGovernorate == "Abroad")
    }

    @Test func easternArabicDigitsAreRead() throws {
        let eastern = ArabicDigits.toEastern(Self.number())
        #expect(eastern.unicodeScalars.first!.value == 0x0662)
        #expect(try EgyptianNationalNumber.parse(eastern).digits == Self.number())
    }

    @Test func aWrongCheckDigitIsAReviewFlagNotAnError() throws {
        let valid = Self.number()
        let wrong = String(valid.dropLast()) + String((Int(String(valid.last!))! + 1) % 10)
        let nid = try EgyptianNationalNumber.parse(wrong)
        #expect(!nid.checkDigitMatches)
    }

    @Test func impossibleNumbersAreRejectedWithTheReason() {
        for text in ["", "123", Self.number() + "1", "1" + Self.number().dropFirst(), Self.number(date: "901317"),
                     Self.number(governorate: "05"), Self.number(governorate: "99"), "2900517210123x"] {
            #expect(throws: VerityError(.invalidInput, "")) { try EgyptianNationalNumber.parse(text) }
        }
    }
}
