import Foundation
@testable import VerityCore

/// Names of listed people written the way typists, transliterators and
/// document readers write them: the screening evaluation's positives. Every
/// variant is made by a rule from the listed name (seeded, so the set is the
/// same on every run); none is hand-picked.
struct SanctionsVariants {
    enum Kind: String, CaseIterable {
        case asListed = "as listed"
        case naturalOrder = "given names first"
        case letterCase = "upper or lower case"
        case diacritics = "accents added"
        case spelling = "transliteration spelling"
        case typo = "one typing slip"
        case initials = "first given name as an initial"
        case partial = "first given name and surname only"
        case joined = "words joined or split"
        case alias = "an a.k.a. in given-first order"
        case arabic = "Arabic script"
        case cyrillic = "Cyrillic script"
    }

    struct Variant {
        let entryID: Int
        let kind: Kind
        let name: String
    }

    /// Spelling pairs transliterations of Arabic, Persian, Russian and Chinese
    /// names alternate between (Yusuf/Yousef, Khalid/Halid, Zhang/Jang, …).
    static let spellingPairs: [(String, String)] = [
        ("ou", "u"), ("u", "ou"), ("oo", "u"), ("ee", "i"), ("i", "ee"), ("ie", "i"), ("q", "k"), ("k", "q"), ("kh", "h"),
        ("dh", "z"), ("y", "i"), ("i", "y"), ("a", "e"), ("e", "a"), ("ah", "a"), ("ph", "f"), ("f", "ph"), ("sh", "ch"),
        ("ch", "sh"), ("j", "dj"), ("zh", "j"), ("j", "zh"), ("ts", "c"), ("x", "ks"), ("ks", "x"), ("w", "v"), ("v", "w"),
        ("ya", "ia"), ("yu", "iu"), ("iy", "y"), ("mm", "m"), ("m", "mm"), ("ll", "l"), ("ss", "s"), ("s", "ss"), ("d", "dd"),
    ]

    /// Words people write joined to the next (Abdul Rahman → Abdulrahman, Abu Bakr → Abubakr).
    static let joiningWords: Set<String> = ["abd", "abdul", "abdel", "abdal", "abu", "abou", "al", "el", "bin", "ben", "ibn", "ould",
                                            "van", "de", "mac", "mc", "dos", "da"]

    static let accented: [Character: Character] = ["a": "á", "e": "é", "i": "í", "o": "ó", "u": "ü", "n": "ñ", "c": "ç"]

    /// Every applicable variant of `count` listed people chosen by `seed`.
    static func make(from entries: [SanctionsEntry], count: Int, seed: UInt64) -> [Variant] {
        var random = SplitMix64(seed: seed)
        var people = entries.filter { $0.kind == .individual }
        people.shuffle(using: &random)
        return people.prefix(count).flatMap { variants(of: $0, random: &random) }
    }

    static func variants(of entry: SanctionsEntry, random: inout SplitMix64) -> [Variant] {
        let (given, surname) = split(entry.name)
        let words = given + surname
        let natural = words.joined(separator: " ")
        var made: [(Kind, String?)] = [
            (.asListed, entry.name),
            (.naturalOrder, natural),
            (.letterCase, Bool.random(using: &random) ? natural.lowercased() : natural.uppercased()),
            (.diacritics, accent(words, random: &random)),
            (.spelling, respell(words, random: &random)),
            (.typo, slip(words, random: &random)),
            (.arabic, natural.applyingTransform(.latinToArabic, reverse: false)),
            (.cyrillic, natural.applyingTransform(.latinToCyrillic, reverse: false)),
        ]
        // An initial and a partial name leave two whole words only when the name has three.
        if words.count >= 3, let first = given.first, let initial = first.first {
            made.append((.initials, ([String(initial) + "."] + given.dropFirst() + surname).joined(separator: " ")))
            made.append((.partial, ([first] + surname).joined(separator: " ")))
        }
        if natural.contains("-") {
            made.append((.joined, natural.replacingOccurrences(of: "-", with: Bool.random(using: &random) ? "" : " ")))
        } else if let at = words.dropLast().firstIndex(where: { joiningWords.contains($0.lowercased()) }) {
            var joined = words
            joined[at] += joined.remove(at: at + 1).lowercased()
            made.append((.joined, joined.joined(separator: " ")))
        }
        if !entry.aliases.isEmpty {
            let alias = entry.aliases[Int.random(in: 0..<entry.aliases.count, using: &random)]
            let (aliasGiven, aliasSurname) = split(alias)
            made.append((.alias, (aliasGiven + aliasSurname).joined(separator: " ")))
        }
        return made.compactMap { kind, name in name.map { Variant(entryID: entry.id, kind: kind, name: $0) } }
    }

    /// OFAC writes people `SURNAME, Given Names`.
    static func split(_ listed: String) -> (given: [String], surname: [String]) {
        let parts = listed.split(separator: ",", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
        let words = { (text: String) in text.split(separator: " ").map(String.init) }
        let surname = words(parts[0]).map { $0.capitalized }
        return parts.count == 2 ? (words(parts[1]), surname) : ([], surname)
    }

    static func accent(_ words: [String], random: inout SplitMix64) -> String {
        words.map { word in
            var letters = Array(word)
            let places = letters.indices.filter { accented[Character(letters[$0].lowercased())] != nil }
            guard let place = places.randomElement(using: &random), let mark = accented[Character(letters[place].lowercased())] else { return word }
            letters[place] = letters[place].isUppercase ? Character(mark.uppercased()) : mark
            return String(letters)
        }.joined(separator: " ")
    }

    /// One transliteration pair applied to one or two words.
    static func respell(_ words: [String], random: inout SplitMix64) -> String? {
        var result = words.map { $0.lowercased() }
        var changed = 0
        for index in result.indices.shuffled(using: &random) where changed < 2 {
            for (from, to) in spellingPairs.shuffled(using: &random) {
                guard let range = result[index].range(of: from) else { continue }
                result[index].replaceSubrange(range, with: to)
                changed += 1
                break
            }
        }
        return changed == 0 ? nil : result.map { $0.capitalized }.joined(separator: " ")
    }

    /// A letter dropped, doubled, swapped with its neighbour or replaced, in one word of five letters or more.
    static func slip(_ words: [String], random: inout SplitMix64) -> String? {
        let long = words.indices.filter { words[$0].count >= 5 }
        guard let index = long.randomElement(using: &random) else { return nil }
        var letters = Array(words[index])
        let at = Int.random(in: 1..<(letters.count - 1), using: &random)
        switch Int.random(in: 0..<4, using: &random) {
        case 0: letters.remove(at: at)
        case 1: letters.insert(letters[at], at: at)
        case 2: letters.swapAt(at, at + 1)
        default: letters[at] = "aeioustnrl".randomElement(using: &random)!
        }
        var result = words
        result[index] = String(letters)
        return result.joined(separator: " ")
    }
}
