import Foundation

/// A name made comparable across scripts, spellings and word orders: Arabic
/// and Cyrillic are transliterated to Latin, accents and case fold away,
/// particles and titles (al, bin, Dr, …) drop out, and each word gets a
/// consonant skeleton in which the usual transliteration variants meet
/// (Mohammed, Muhammad, Mohamed and محمد all become `mhmd`).
public struct NameForm: Sendable, Equatable {
    public let tokens: [String]
    public let skeletons: [String]

    static let particles: Set<String> = ["al", "el", "ul", "bin", "ben", "ibn", "bint", "de", "del", "da", "dos", "das", "van",
                                         "von", "der", "le", "la", "mr", "mrs", "ms", "dr", "haji", "hajji", "sheikh", "shaykh",
                                         "sheik", "mullah", "mawlawi", "maulavi", "sayed", "sayyid"]

    public init(_ name: String) {
        let latin = (name.applyingTransform(.toLatin, reverse: false) ?? name)
        let plain = (latin.applyingTransform(.stripDiacritics, reverse: false) ?? latin).lowercased()
        var words: [String] = []
        var current = ""
        for scalar in plain.unicodeScalars {
            if CharacterSet.lowercaseLetters.contains(scalar) && scalar.isASCII {
                current.unicodeScalars.append(scalar)
            } else if scalar == "'" || scalar == "\u{2019}" || scalar == "\u{02BF}" || scalar == "\u{02BE}" {
                continue   // apostrophes and the ain/hamza marks join, as in Ma'mun
            } else if !current.isEmpty {
                words.append(current)
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        let kept = words.filter { !Self.particles.contains($0) }.map(Self.canonicalWord)
        tokens = kept.isEmpty ? words : kept
        skeletons = tokens.map(Self.skeleton)
    }

    /// One spelling for the commonest variants of a word.
    static func canonicalWord(_ word: String) -> String {
        switch word {
        case "abdul", "abdel", "abdal", "abdol", "abdoul": "abd"
        default: word
        }
    }

    /// The word's consonants after the usual transliteration pairs are merged;
    /// vowels and the semi-vowels w and y (long vowels in Arabic) drop out.
    static func skeleton(_ word: String) -> String {
        var text = word
        for (from, to) in [("ph", "f"), ("th", "t"), ("dh", "d"), ("kh", "h"), ("gh", "g"), ("sh", "s"), ("ch", "s"), ("zh", "g"),
                           ("ck", "k"), ("q", "k"), ("c", "k"), ("z", "s"), ("x", "ks"), ("j", "g"), ("v", "f"), ("p", "b")] {
            text = text.replacingOccurrences(of: from, with: to)
        }
        var skeleton = ""
        for character in text where !"aeiouyw".contains(character) {
            if skeleton.last != character { skeleton.append(character) }
        }
        return skeleton
    }
}
