import Foundation

/// Who was screened, as a reviewer's false positive remembers them: the
/// name's words (case, accents and order aside) and the date of birth. The
/// store keeps only a keyed hash of this key (`DataProtector.blindIndex`),
/// never the name.
public enum SanctionsPerson {
    public static func key(name: String, dateOfBirth: String?) -> String {
        let folded = name.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil).uppercased()
        let words = folded.split { !$0.isLetter && !$0.isNumber }.map(String.init).sorted()
        return words.joined(separator: " ") + "|" + (dateOfBirth ?? "")
    }
}
