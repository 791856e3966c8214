import Foundation

/// Arabic and Hebrew script write consonants and long vowels (alef, waw, yaa)
/// but not short ones, so a name written there can be told from a Latin
/// spelling by its long vowels where the consonants agree: سعود (Saud) is not
/// Sa'id, كمالي (Kamali) is not Kamal, عزيزي (Azizi) is not Aziz.
enum LongVowels {
    static let a: UInt8 = 1, e: UInt8 = 2, i: UInt8 = 4, o: UInt8 = 8, u: UInt8 = 16, y: UInt8 = 32, w: UInt8 = 64

    /// Whether every long vowel of `written` (the transliteration of a word in
    /// Arabic or Hebrew script) has a counterpart at the same place in `latin`:
    /// after the same consonant, an a as a or e, a w as u, o or w, a y as i, e
    /// or y. Before the first consonant anything goes (an initial alef carries any vowel).
    static func agree(written: [UInt8], latin: [UInt8]) -> Bool {
        var writtenSlots = Slots(), latinSlots = Slots()
        slots(written, into: &writtenSlots)
        slots(latin, into: &latinSlots)
        guard writtenSlots.count == latinSlots.count else { return true }   // consonants counted apart: leave it to the skeletons
        for slot in 1..<max(1, writtenSlots.count) {
            let long = writtenSlots[slot], vowels = latinSlots[slot]
            if long & a != 0, vowels & (a | e) == 0 { return false }
            if long & w != 0, vowels & (u | o | w) == 0 { return false }
            if long & y != 0, vowels & (i | e | y) == 0 { return false }
        }
        return true
    }

    /// The vowels before the first consonant and after each consonant, with
    /// the skeleton's digraphs and doubled letters merged (16 places at most).
    struct Slots {
        var masks: (UInt64, UInt64) = (0, 0)
        var count = 0

        subscript(index: Int) -> UInt8 {
            index < 8 ? UInt8(truncatingIfNeeded: masks.0 >> UInt64(index * 8)) : UInt8(truncatingIfNeeded: masks.1 >> UInt64((index - 8) * 8))
        }

        mutating func add(_ mask: UInt8) {
            guard count < 16 else { return }
            if count < 8 { masks.0 |= UInt64(mask) << UInt64(count * 8) } else { masks.1 |= UInt64(mask) << UInt64((count - 8) * 8) }
            count += 1
        }

        mutating func addToLast(_ mask: UInt8) {
            guard count > 0, count <= 16 else { return }
            let index = count - 1
            if index < 8 { masks.0 |= UInt64(mask) << UInt64(index * 8) } else { masks.1 |= UInt64(mask) << UInt64((index - 8) * 8) }
        }
    }

    static func slots(_ word: [UInt8], into slots: inout Slots) {
        slots.add(0)
        var previous: UInt8 = 0
        var index = 0
        while index < word.count {
            let letter = word[index]
            if let mask = vowel(letter) {
                slots.addToLast(mask)
                previous = 0
                index += 1
                continue
            }
            var consonant = letter
            if index + 1 < word.count, word[index + 1] == UInt8(ascii: "h"), "ptdkgscz".utf8.contains(letter) {
                index += 1   // ph, th, dh, kh, gh, sh, ch, zh are one consonant
            } else if letter == UInt8(ascii: "c"), index + 1 < word.count, word[index + 1] == UInt8(ascii: "k") {
                index += 1
            }
            consonant = canonical(consonant)
            if consonant != previous {
                slots.add(0)
                if letter == UInt8(ascii: "x") { slots.add(0) }   // x is ks
            }
            previous = consonant
            index += 1
        }
    }

    static func vowel(_ letter: UInt8) -> UInt8? {
        switch letter {
        case UInt8(ascii: "a"): a
        case UInt8(ascii: "e"): e
        case UInt8(ascii: "i"): i
        case UInt8(ascii: "o"): o
        case UInt8(ascii: "u"): u
        case UInt8(ascii: "y"): y
        case UInt8(ascii: "w"): w
        default: nil
        }
    }

    static func canonical(_ letter: UInt8) -> UInt8 {
        switch letter {
        case UInt8(ascii: "c"), UInt8(ascii: "q"): UInt8(ascii: "k")
        case UInt8(ascii: "z"): UInt8(ascii: "s")
        case UInt8(ascii: "j"): UInt8(ascii: "g")
        case UInt8(ascii: "v"): UInt8(ascii: "f")
        case UInt8(ascii: "p"): UInt8(ascii: "b")
        default: letter
        }
    }
}
