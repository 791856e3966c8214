/// The 14-digit Egyptian national number: C YYMMDD GG SSSS K.
///
/// C is the century (2 = 1900s, 3 = 2000s), YYMMDD the birth date, GG the birth
/// governorate, SSSS a sequence whose last digit is odd for men and even for
/// women, and K a check digit. No algorithm for K is published; the weighted sum
/// commonly used (weights 2 7 6 5 4 3 2 7 6 5 4 3 2, mod 11) is checked, and a
/// mismatch asks for review instead of rejecting the card.
public struct EgyptianNationalNumber: Sendable, Codable, Equatable {
    public let digits: String
    public let dateOfBirth: CalendarDate
    public let governorateCode: Int
    /// English name of the birth governorate.
    public let birthGovernorate: String
    public let gender: Gender
    public let checkDigitMatches: Bool

    public enum Gender: String, Sendable, Codable { case male, female }

    /// Parses 14 ASCII digits (Eastern Arabic digits are converted first).
    /// Throws `INVALID_INPUT` (field `nationalNumber`) naming what is wrong.
    public static func parse(_ text: String) throws(VerityError) -> EgyptianNationalNumber {
        let digits = ArabicDigits.toASCII(text).filter { !$0.isWhitespace }
        guard digits.count == 14, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else {
            throw VerityError.invalid("nationalNumber", "An Egyptian national number is 14 digits.")
        }
        let values = digits.compactMap(\.wholeNumberValue)
        func number(_ range: Range<Int>) -> Int { values[range].reduce(0) { $0 * 10 + $1 } }
        let century: Int
        switch values[0] {
        case 2: century = 1900
        case 3: century = 2000
        default:
            throw VerityError.invalid("nationalNumber", "The first digit of a national number is 2 (born 1900–1999) or 3 (2000–2099).")
        }
        guard let birth = CalendarDate(year: century + number(1..<3), month: number(3..<5), day: number(5..<7)) else {
            throw VerityError.invalid("nationalNumber", "Digits 2–7 of the national number are not a birth date.")
        }
        let governorate = number(7..<9)
        guard let name = EgyptianGovernorate.names[governorate] else {
            throw VerityError.invalid("nationalNumber", "Digits 8–9 of the national number are not a governorate code.")
        }
        return EgyptianNationalNumber(
            digits: digits,
            dateOfBirth: birth,
            governorateCode: governorate,
            birthGovernorate: name,
            gender: values[12] % 2 == 1 ? .male : .female,
            checkDigitMatches: checkDigit(values) == values[13]
        )
    }

    /// The commonly used check digit over the first 13 digits.
    static func checkDigit(_ values: [Int]) -> Int {
        let weights = [2, 7, 6, 5, 4, 3, 2, 7, 6, 5, 4, 3, 2]
        let sum = zip(values.prefix(13), weights).reduce(0) { $0 + $1.0 * $1.1 }
        let remainder = 11 - sum % 11
        return remainder >= 10 ? remainder - 10 : remainder
    }
}

/// Eastern Arabic (٠–٩) and Persian (۰–۹) digits to ASCII.
public enum ArabicDigits {
    public static func toASCII(_ text: String) -> String {
        String(text.unicodeScalars.map { scalar -> Character in
            switch scalar.value {
            case 0x0660...0x0669: Character(Unicode.Scalar(scalar.value - 0x0660 + 0x30)!)
            case 0x06F0...0x06F9: Character(Unicode.Scalar(scalar.value - 0x06F0 + 0x30)!)
            default: Character(scalar)
            }
        })
    }

    public static func toEastern(_ text: String) -> String {
        String(text.unicodeScalars.map { scalar -> Character in
            (0x30...0x39).contains(scalar.value) ? Character(Unicode.Scalar(scalar.value - 0x30 + 0x0660)!) : Character(scalar)
        })
    }
}
