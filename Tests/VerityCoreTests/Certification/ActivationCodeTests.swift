import Testing
@testable import VerityCore

@Suite("Activation codes (DIAC): 16 digits with a Luhn check digit")
struct ActivationCodeTests {
    @Test func generatedCodesParseAndTypingMistakesAreCaught() throws {
        var random = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let code = ActivationCode.generate { Int.random(in: 0...9, using: &random) }
            #expect(code.digits.count == 16)
            #expect(try ActivationCode.parse(code.grouped) == code)
            // Every single-digit change is caught.
            var digits = Array(code.digits)
            let position = Int.random(in: 0..<16, using: &random)
            let original = digits[position].wholeNumberValue!
            digits[position] = Character(String((original + Int.random(in: 1...9, using: &random)) % 10))
            #expect(throws: VerityError(.validationError, "")) { try ActivationCode.parse(String(digits)) }
        }
    }

    @Test func aKnownCodeAndItsCheckDigit() throws {
        // 7992739871 is the textbook Luhn example: its check digit is 3.
        #expect(Luhn.checkDigit(for: "7992739871") == 3)
        #expect(Luhn.isValid("79927398713"))
        let code = try ActivationCode.parse("4539-1488-0343-6467")
        #expect(code.digits == "4539148803436467")
        #expect(code.grouped == "4539 1488 0343 6467")
        #expect("\(code)" == "ActivationCode(****)", "codes never reach logs through interpolation")
    }

    @Test(arguments: ["", "1234", "45391488034364670", "4539 1488 0343 646a", "٤٥٣٩١٤٨٨٠٣٤٣٦٤٦٧", String(repeating: "1", count: 10_000)])
    func malformedCodesAreValidationErrors(text: String) {
        #expect(throws: VerityError(.validationError, "")) { try ActivationCode.parse(text) }
    }
}
