/// A postal code in its country's canonical form, so that "30318-1234",
/// "30318 1234" and "303181234" are one code and "sw1a1aa" equals "SW1A 1AA".
public struct PostalCode: Sendable, Hashable {
    /// Canonical text, e.g. "30318-1234", "SW1A 1AA", "K1A 0B1".
    public let canonical: String
    /// The part every form of the code shares: a US ZIP+4 compares on its
    /// five-digit ZIP when the other side has no +4.
    let primary: String
    let extended: String?

    public static let maxLength = 16

    /// Parses `text` for `country` (ISO 3166-1 alpha-2, upper case).
    /// Returns nil when the text is not a postal code of that country.
    public init?(_ text: String, country: String) {
        let compact = String(text.uppercased().unicodeScalars.filter { $0 != " " && $0 != "-" })
        guard !compact.isEmpty, compact.count <= Self.maxLength,
              compact.unicodeScalars.allSatisfy({ ("A"..."Z").contains($0) || ("0"..."9").contains($0) })
        else { return nil }
        switch country {
        case "US":
            guard compact.allSatisfy(\.isASCIIDigitCharacter), compact.count == 5 || compact.count == 9 else { return nil }
            let zip = String(compact.prefix(5))
            let plusFour = compact.count == 9 ? String(compact.suffix(4)) : nil
            primary = zip
            extended = plusFour
            canonical = plusFour.map { "\(zip)-\($0)" } ?? zip
        case "GB":
            guard Self.matches(compact, Self.ukPattern) else { return nil }
            primary = "\(compact.dropLast(3)) \(compact.suffix(3))"
            extended = nil
            canonical = primary
        case "CA":
            guard Self.matches(compact, Self.caPattern) else { return nil }
            primary = "\(compact.prefix(3)) \(compact.suffix(3))"
            extended = nil
            canonical = primary
        default:
            guard compact.count >= 3, compact.count <= 10 else { return nil }
            primary = compact
            extended = nil
            canonical = compact
        }
    }

    /// Same delivery area: equal primaries, and equal extensions where both have one.
    public func matches(_ other: PostalCode) -> Bool {
        guard primary == other.primary else { return false }
        guard let mine = extended, let theirs = other.extended else { return true }
        return mine == theirs
    }

    // Character classes per position: A = letter, 9 = digit, * = either.
    private static let ukPattern = ["A9 9AA", "A99 9AA", "AA9 9AA", "AA99 9AA", "A9A 9AA", "AA9A 9AA"]
        .map { $0.replacingSpaces() }
    private static let caPattern = ["A9A9A9"]

    private static func matches(_ text: String, _ patterns: [String]) -> Bool {
        patterns.contains { pattern in
            pattern.count == text.count && zip(pattern, text).allSatisfy { shape, char in
                switch shape {
                case "A": return char.isASCIIUpperLetter
                case "9": return char.isASCIIDigitCharacter
                default: return char == shape
                }
            }
        }
    }
}

private extension String {
    func replacingSpaces() -> String { String(filter { $0 != " " }) }
}

extension Character {
    var isASCIIDigitCharacter: Bool { isASCII && isNumber }
    var isASCIIUpperLetter: Bool { isASCII && isUppercase }
}
