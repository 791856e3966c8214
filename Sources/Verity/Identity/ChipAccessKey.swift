import Foundation

/// The key that opens a passport's or ID card's chip (ICAO 9303 part 11,
/// BAC and PACE with the MRZ): the document number, date of birth and date
/// of expiry, each with its check digit. Made from the fields Verity read
/// from the page (a check's or a session's `fields`: `document_number`,
/// `date_of_birth`, `expiry_date`) or from the MRZ's own lines; `mrzKey` is
/// what NFCPassportReader's `readPassport(mrzKey:)` takes, and the three
/// fields what JMRTD's `BACKey` does (`docs/chip.md`).
public struct ChipAccessKey: Sendable, Equatable {
    /// As the MRZ prints it, fillers dropped: 9 characters or more (a TD1 card's may run longer).
    public let documentNumber: String
    /// `YYMMDD`.
    public let dateOfBirth: String
    /// `YYMMDD`.
    public let dateOfExpiry: String

    /// From the fields as Verity reports them: dates `YYYY-MM-DD` (or `YYMMDD`). Nil when one cannot be an MRZ's.
    public init?(documentNumber: String, dateOfBirth: String, dateOfExpiry: String) {
        let number = documentNumber.uppercased().replacingOccurrences(of: "<", with: "")
        guard !number.isEmpty, number.count <= 22, number.allSatisfy(Self.isMRZCharacter),
              let birth = Self.yymmdd(dateOfBirth), let expiry = Self.yymmdd(dateOfExpiry) else { return nil }
        (self.documentNumber, self.dateOfBirth, self.dateOfExpiry) = (number, birth, expiry)
    }

    /// From the MRZ's lines: TD1 (3 × 30, its long document number's overflow
    /// read), TD2 (2 × 36) or TD3 (2 × 44). Nil for anything else.
    public init?(mrz lines: [String]) {
        let rows = lines.map { Array($0.uppercased()) }
        switch (rows.count, rows.first?.count) {
        case (3, 30) where rows.allSatisfy({ $0.count == 30 }):
            var number = String(rows[0][5..<14])
            if rows[0][14] == "<" {
                // The number runs on in the optional data, its check digit last.
                let overflow = rows[0][15..<30].prefix { $0 != "<" }
                number += String(overflow.dropLast())
            }
            self.init(documentNumber: number, dateOfBirth: String(rows[1][0..<6]), dateOfExpiry: String(rows[1][8..<14]))
        case (2, 36), (2, 44) where rows[1].count == rows[0].count:
            self.init(documentNumber: String(rows[1][0..<9]), dateOfBirth: String(rows[1][13..<19]), dateOfExpiry: String(rows[1][21..<27]))
        default:
            return nil
        }
    }

    /// The document number (at least 9 characters, `<`-filled), the dates, each followed by its check digit.
    public var mrzKey: String {
        let number = documentNumber.padding(toLength: max(9, documentNumber.count), withPad: "<", startingAt: 0)
        return [number, dateOfBirth, dateOfExpiry].map { $0 + String(Self.checkDigit($0)) }.joined()
    }

    /// ICAO 9303's check digit: weights 7, 3, 1; digits as themselves, A–Z as 10–35, `<` as 0.
    static func checkDigit(_ field: String) -> Int {
        let weights = [7, 3, 1]
        return field.enumerated().reduce(0) { sum, pair in
            let value: Int = pair.element.wholeNumberValue
                ?? pair.element.asciiValue.map { $0 >= 65 && $0 <= 90 ? Int($0) - 55 : 0 } ?? 0
            return sum + value * weights[pair.offset % 3]
        } % 10
    }

    static func isMRZCharacter(_ character: Character) -> Bool {
        character.isASCII && (character.isNumber || character.isUppercase)
    }

    /// `YYYY-MM-DD` or `YYMMDD` as `YYMMDD`.
    static func yymmdd(_ text: String) -> String? {
        let digits = text.filter(\.isNumber)
        let date = digits.count == 8 && text.count == 10 ? String(digits.dropFirst(2)) : text.count == 6 ? digits : ""
        guard date.count == 6, let month = Int(date.dropFirst(2).prefix(2)), let day = Int(date.suffix(2)),
              (1...12).contains(month), (1...31).contains(day) else { return nil }
        return date
    }
}
