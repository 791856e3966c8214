/// ICAO 9303 part 3, 4.9: the 7-3-1 weighted check digit over digits,
/// letters (A = 10 … Z = 35) and the filler `<` (0).
public enum MRZCheckDigit {
    /// The check digit of `characters`, or nil if one of them is not an MRZ character.
    public static func compute<S: Sequence>(_ characters: S) -> Int? where S.Element == Character {
        let weights = [7, 3, 1]
        var sum = 0
        for (index, character) in characters.enumerated() {
            guard let value = value(of: character) else { return nil }
            sum += value * weights[index % 3]
        }
        return sum % 10
    }

    /// The numeric value of one MRZ character.
    public static func value(of character: Character) -> Int? {
        guard let ascii = character.asciiValue else { return nil }
        switch ascii {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return Int(ascii - UInt8(ascii: "0"))
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): return Int(ascii - UInt8(ascii: "A")) + 10
        case UInt8(ascii: "<"): return 0
        default: return nil
        }
    }

    /// Whether `digit` (a single character of the MRZ) confirms `characters`.
    /// A filler digit confirms a field that is all fillers (ICAO 9303 part 4, optional data).
    public static func confirms<S: Sequence>(_ digit: Character, _ characters: S) -> Bool where S.Element == Character {
        let chars = Array(characters)
        if digit == "<" { return chars.allSatisfy { $0 == "<" } }
        guard let expected = digit.wholeNumberValue, let computed = compute(chars) else { return false }
        return expected == computed
    }
}
