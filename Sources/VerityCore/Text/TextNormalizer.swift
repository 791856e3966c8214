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
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
        var result: [String] = []
        var current = ""
        for scalar in folded.unicodeScalars {
            if CharacterSet.alphanumerics.contains(scalar) {
                current.unicodeScalars.append(scalar)
            } else {
                if !current.isEmpty { result.append(current); current = "" }
                if scalar == "#" { result.append("#") }
            }
        }
        if !current.isEmpty { result.append(current) }
        return result
    }
}
