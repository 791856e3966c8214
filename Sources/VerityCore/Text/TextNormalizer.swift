import Foundation

/// Folds names and addresses to a canonical form so that case, accents,
/// punctuation and spacing never decide whether two people are the same.
public enum TextNormalizer {
    /// "  José  O'Brien-Smith " → "jose o brien smith".
    public static func name(_ text: String) -> String {
        words(text).joined(separator: " ")
    }

    /// Lower-cased, accent-free words split on anything that is not a letter
    /// or digit. `#` is kept as its own word because addresses use it for
    /// "apartment".
    public static func words(_ text: String) -> [String] {
        // Most names and addresses are ASCII, where folding is lower-casing and
        // the letters and digits are A–Z, a–z, 0–9. Foundation's folding and
        // character sets cost about 4 % of a verification's CPU (perf), so
        // they are kept for text that needs them.
        text.utf8.allSatisfy({ $0 < 0x80 }) ? asciiWords(text) : foldedWords(text)
    }

    /// `words` for any text, through Foundation's folding.
    static func foldedWords(_ text: String) -> [String] {
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
        var result: [String] = []
        var current = ""
        for scalar in folded.unicodeScalars {
            if alphanumerics.contains(scalar) {
                current.unicodeScalars.append(scalar)
            } else {
                if !current.isEmpty { result.append(current); current = "" }
                if scalar == "#" { result.append("#") }
            }
        }
        if !current.isEmpty { result.append(current) }
        return result
    }

    /// Built once: `CharacterSet.alphanumerics` makes a new set on every read.
    private static let alphanumerics = CharacterSet.alphanumerics

    /// `words` for ASCII text, byte by byte.
    static func asciiWords(_ text: String) -> [String] {
        var result: [String] = []
        var current: [UInt8] = []
        func endWord() {
            if !current.isEmpty { result.append(String(decoding: current, as: UTF8.self)); current.removeAll(keepingCapacity: true) }
        }
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): current.append(byte)
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): current.append(byte + 32)
            default:
                endWord()
                if byte == UInt8(ascii: "#") { result.append("#") }
            }
        }
        endWord()
        return result
    }
}
