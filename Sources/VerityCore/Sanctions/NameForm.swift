import Foundation

/// A name made comparable across scripts, spellings and word orders: Arabic
/// and Cyrillic are transliterated to Latin, accents and case fold away,
/// particles and titles (al, bin, Dr, …) drop out, and each word gets a
/// consonant skeleton in which the usual transliteration variants meet
/// (Mohammed, Muhammad, Mohamed and محمد all become `mhmd`).
public struct NameForm: Sendable, Equatable {
    public let tokens: [String]
    public let skeletons: [String]
    /// The tokens' and skeletons' bytes, kept so comparing two forms allocates nothing.
    let letters: [[UInt8]]
    let skeletonLetters: [[UInt8]]

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
        let kept = words.filter { !Self.particles.contains($0) }.flatMap(Self.canonicalWords)
        tokens = kept.isEmpty ? words : kept
        skeletons = tokens.map(Self.skeleton)
        letters = tokens.map { Array($0.utf8) }
        skeletonLetters = skeletons.map { Array($0.utf8) }
    }

    public static func == (a: NameForm, b: NameForm) -> Bool { a.tokens == b.tokens }

    static let abdForms = ["abdoul", "abdul", "abdel", "abdal", "abdol", "abdur", "abdus", "abd"]

    /// One spelling for the commonest variants of a word, and the parts of a
    /// word written joined: Abdulrahman is Abd Rahman, Alhamidawi is
    /// al-Hamidawi (the article before a consonant, with a real name after it;
    /// both sides of a comparison are cut the same way, so Alvarez still meets Alvarez).
    static func canonicalWords(_ word: String) -> [String] {
        if abdForms.contains(word) { return ["abd"] }
        // Abdulrahman, but not Abdullah (Abd + lah would leave a typed Abudllah nothing to meet).
        if let form = abdForms.first(where: { word.hasPrefix($0) }), word.count - form.count >= 4 {
            return ["abd", String(word.dropFirst(form.count))]
        }
        if word.count >= 7, word.hasPrefix("al") || word.hasPrefix("el"), let third = word.dropFirst(2).first, !"aeiouy".contains(third) {
            return [String(word.dropFirst(2))]
        }
        return [word]
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
