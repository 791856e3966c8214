import Testing
@testable import VerityCore

@Suite("Names and addresses compare the way people write them")
struct NormalizationTests {
    @Test func namesIgnoreCaseAccentsPunctuationAndSpacing() {
        #expect(TextNormalizer.name("  José   O'Brien-Smith ") == TextNormalizer.name("jose o brien smith"))
        #expect(TextNormalizer.name("ＪＯＨＮ") == "john")
        #expect(TextNormalizer.name("Chloé") == TextNormalizer.name("CHLOE"))
        #expect(TextNormalizer.name("John") != TextNormalizer.name("Joan"))
    }

    @Test func asciiTextSplitsAsFoundationsFoldingDoes() {
        let every = String(decoding: (0..<128).map { UInt8($0) }, as: UTF8.self)
        let samples = [every, String(every.reversed()), "  John  O'Brien-Smith #4 ", "222333 PEACHTREE PL., Apt#12", "", "---", "A1b2C3"]
        for sample in samples {
            #expect(TextNormalizer.asciiWords(sample) == TextNormalizer.foldedWords(sample), "\(sample.debugDescription)")
        }
        #expect(TextNormalizer.words("Ünal Çelik") == ["unal", "celik"])
    }

    @Test func streetAbbreviationsFoldToOneForm() {
        #expect(AddressNormalizer.address("222333 Peachtree Place") == AddressNormalizer.address("222333 PEACHTREE PL."))
        #expect(AddressNormalizer.address("12 Baker Street") == AddressNormalizer.address("12 baker st"))
        #expect(AddressNormalizer.address("5 North Main Road") == AddressNormalizer.address("5 N Main Rd"))
        #expect(AddressNormalizer.address("1600 Ocean Ave, Apt 4B") == AddressNormalizer.address("1600 Ocean Avenue #4B"))
        #expect(AddressNormalizer.address("1600 Ocean Ave Apt #4B") == AddressNormalizer.address("1600 Ocean Avenue Apartment 4B"))
        #expect(AddressNormalizer.address("12 Baker Street") != AddressNormalizer.address("13 Baker Street"))
    }

    @Test func statesMatchByNameOrCode() {
        #expect(AddressNormalizer.region("Georgia") == AddressNormalizer.region("GA"))
        #expect(AddressNormalizer.region("Québec") == AddressNormalizer.region("qc"))
        #expect(AddressNormalizer.region("GA") != AddressNormalizer.region("CA"))
    }
}

@Suite("Postal codes are normalised per country")
struct PostalCodeTests {
    @Test func usZipAndZipPlusFour() throws {
        let zip = try #require(PostalCode("30318", country: "US"))
        let plus4 = try #require(PostalCode("30318-1234", country: "US"))
        #expect(plus4.canonical == "30318-1234")
        #expect(PostalCode("303181234", country: "US")?.canonical == "30318-1234")
        #expect(zip.matches(plus4))
        #expect(!plus4.matches(try #require(PostalCode("30318-9999", country: "US"))))
        #expect(PostalCode("3031", country: "US") == nil)
        #expect(PostalCode("ABCDE", country: "US") == nil)
    }

    @Test func ukPostcodes() {
        #expect(PostalCode("sw1a1aa", country: "GB")?.canonical == "SW1A 1AA")
        #expect(PostalCode("NW1 6XE", country: "GB")?.canonical == "NW1 6XE")
        #expect(PostalCode("M1 1AE", country: "GB")?.canonical == "M1 1AE")
        #expect(PostalCode("12345", country: "GB") == nil)
    }

    @Test func canadianPostalCodes() {
        #expect(PostalCode("h3b1a2", country: "CA")?.canonical == "H3B 1A2")
        #expect(PostalCode("H3B-1A2", country: "CA")?.canonical == "H3B 1A2")
        #expect(PostalCode("123 456", country: "CA") == nil)
    }

    @Test func otherCountriesKeepLettersAndDigits() {
        #expect(PostalCode("75008", country: "FR")?.canonical == "75008")
        #expect(PostalCode("<script>", country: "FR") == nil)
    }
}
