import Foundation

/// How alike two words of two names are (0–1), on their bytes, allocating nothing.
enum WordSimilarity {
    /// The same word, an initial, the same consonants (Yusuf/Yousef), a near
    /// spelling, or near consonants.
    ///
    /// Consonants alone say little when the vowels carry the name (Chinese and
    /// Korean syllables: Ying and Wang, Zhang and Guoying share theirs), so
    /// equal skeletons also need spellings at least loosely alike. Short
    /// skeletons (two consonants or fewer) say less still: the words must also
    /// begin alike (Nagy is not Wang), and with one consonant be spelled alike
    /// (Ali is not Ola). A near spelling counts only between words of five
    /// letters or more and at most one letter longer: in short words one letter
    /// is another name (Jia and Jian), and a longer word is another name too
    /// (Sergey and Sergeyevna, Sobol and Sobolev).
    ///
    /// How the query word was written decides what of its spelling counts:
    /// from Arabic or Hebrew script only its consonants (the short vowels were
    /// never written), from Chinese, Korean or Japanese its whole syllables
    /// (transliterated by rule, so one letter off is another name).
    static func score(_ a: [UInt8], _ aSkeleton: [UInt8], _ aVelar: [UInt8]?,
                      _ b: [UInt8], _ bSkeleton: [UInt8], _ bVelar: [UInt8]?,
                      script: NameForm.Script = .alphabetic, _ aSyllables: [UInt8] = [], _ bSyllables: [UInt8] = []) -> Double {
        if a == b { return 1 }
        if a.count == 1 || b.count == 1 { return a.first == b.first ? 0.85 : 0 }
        switch script {
        case .syllabic:
            return !aSyllables.isEmpty && aSyllables == bSyllables ? 0.95 : 0
        case .abjad:
            // A word's first vowel is an alef or an ain, or not written at all;
            // after that the long vowels Arabic writes must be in the Latin spelling too.
            if sameSkeleton(aSkeleton, aVelar, bSkeleton, bVelar), !aSkeleton.isEmpty, LongVowels.agree(written: a, latin: b) { return 0.95 }
            // Written with its short vowels (harakat), a word reads like a Latin spelling.
            if min(a.count, b.count) >= 5, abs(a.count - b.count) <= 2, jaroWinklerCeiling(a, b) >= 0.88 {
                let spelled = jaroWinkler(a, b)
                if spelled >= 0.88 { return spelled }
            }
            let shorter = min(aSkeleton.count, bSkeleton.count), longer = max(aSkeleton.count, bSkeleton.count)
            guard shorter >= 4, longer - shorter <= 1, aSkeleton.first == bSkeleton.first, aSkeleton != bSkeleton else { return 0 }
            let sounded = jaroWinkler(aSkeleton, bSkeleton)
            return sounded >= 0.9 ? 0.9 * sounded : 0
        case .alphabetic:
            break
        }
        let shortest = min(a.count, b.count), longest = max(a.count, b.count)
        let sameConsonants = sameSkeleton(aSkeleton, aVelar, bSkeleton, bVelar), alike = beginAlike(a, aSkeleton, b, bSkeleton)
        // Every way to meet below needs a spelling this alike; most word pairs of
        // two names are told apart by the cheap ceiling alone.
        let shorterSkeleton = min(aSkeleton.count, bSkeleton.count), longerSkeleton = max(aSkeleton.count, bSkeleton.count)
        let nearConsonantsPossible = (shorterSkeleton >= 4 || (shorterSkeleton == 3 && longerSkeleton == 3))
            && longerSkeleton - shorterSkeleton <= 1 && alike && !sameConsonants
        let needed = (sameConsonants && alike) || nearConsonantsPossible ? 0.7 : shortest >= 5 && longest - shortest <= 1 ? 0.88 : 2
        guard jaroWinklerCeiling(a, b) >= needed else { return 0 }
        let spelled = jaroWinkler(a, b)
        if sameConsonants, alike {
            if aSkeleton.count >= 3, spelled >= 0.7 { return 0.95 }
            if spelled >= 0.75, longest - shortest <= 2 { return 0.95 }
        }
        if shortest >= 5, longest - shortest <= 1, spelled >= 0.88 { return spelled }
        // Near consonants: long skeletons only, one letter apart at most (Mrtn is not Mrn).
        guard nearConsonantsPossible, spelled >= 0.7 else { return 0 }
        let sounded = jaroWinkler(aSkeleton, bSkeleton)
        return sounded >= 0.9 ? 0.9 * sounded : 0
    }


    /// Equal skeletons, with q read as k or as g on either side.
    static func sameSkeleton(_ a: [UInt8], _ aVelar: [UInt8]?, _ b: [UInt8], _ bVelar: [UInt8]?) -> Bool {
        if a == b { return true }
        if let aVelar, aVelar == b || aVelar == bVelar { return true }
        if let bVelar, bVelar == a { return true }
        return false
    }

    /// Both begin with a vowel (y and w count: Yusuf/Iusuf, Wasim/Oussim), or
    /// both with a consonant and with the same one once transliteration pairs
    /// are merged (Khalid/Halid, Zhang/Jang): Natalie is not Anatoliy, Wilson not Lesun.
    static func beginAlike(_ a: [UInt8], _ aSkeleton: [UInt8], _ b: [UInt8], _ bSkeleton: [UInt8]) -> Bool {
        guard let x = a.first, let y = b.first else { return false }
        if x == y { return true }
        switch (isVowel(x), isVowel(y)) {
        case (true, true): return true
        case (false, false): return aSkeleton.first == bSkeleton.first || velar(x) && velar(y)
        default: return false
        }
    }

    static func velar(_ letter: UInt8) -> Bool { letter == UInt8(ascii: "q") || letter == UInt8(ascii: "g") || letter == UInt8(ascii: "k") }

    static func isVowel(_ letter: UInt8) -> Bool {
        switch letter {
        case UInt8(ascii: "a"), UInt8(ascii: "e"), UInt8(ascii: "i"), UInt8(ascii: "o"), UInt8(ascii: "u"), UInt8(ascii: "y"), UInt8(ascii: "w"): true
        default: false
        }
    }

    /// Jaro–Winkler similarity of two words (0–1). Words longer than 64
    /// letters are compared on their first 64, so the matched letters fit in a
    /// bit mask.
    static func jaroWinkler(_ whole: [UInt8], _ other: [UInt8]) -> Double {
        whole.withUnsafeBufferPointer { s in other.withUnsafeBufferPointer { t in jaroWinkler(s, t) } }
    }

    /// At most what `jaroWinkler` gives, from the letters each word has that
    /// the other lacks (each is at least one letter that is never a match)
    /// and the common prefix: two passes over the bytes instead of the match window's.
    static func jaroWinklerCeiling(_ s: [UInt8], _ t: [UInt8]) -> Double {
        let sCount = min(64, s.count), tCount = min(64, t.count)
        guard sCount > 0, tCount > 0 else { return 0 }
        var sLetters: UInt32 = 0, tLetters: UInt32 = 0
        for i in 0..<sCount { sLetters |= 1 << UInt32(s[i] & 31) }
        for j in 0..<tCount { tLetters |= 1 << UInt32(t[j] & 31) }
        let m = Double(min(sCount - (sLetters & ~tLetters).nonzeroBitCount, tCount - (tLetters & ~sLetters).nonzeroBitCount))
        guard m > 0 else { return 0 }
        let jaro = (m / Double(sCount) + m / Double(tCount) + 1) / 3
        var prefix = 0
        while prefix < min(4, sCount, tCount), s[prefix] == t[prefix] { prefix += 1 }
        return jaro + Double(prefix) * 0.1 * (1 - jaro)
    }

    static func jaroWinkler(_ whole: UnsafeBufferPointer<UInt8>, _ other: UnsafeBufferPointer<UInt8>) -> Double {
        let s = UnsafeBufferPointer(rebasing: whole.prefix(64)), t = UnsafeBufferPointer(rebasing: other.prefix(64))
        if s.isEmpty || t.isEmpty { return 0 }
        let window = max(0, max(s.count, t.count) / 2 - 1)
        var sMatched: UInt64 = 0, tMatched: UInt64 = 0
        var matches = 0
        for i in 0..<s.count {
            let low = max(0, i - window), high = min(t.count - 1, i + window)
            guard low <= high else { continue }
            for j in low...high where tMatched & (1 << UInt64(j)) == 0 && s[i] == t[j] {
                sMatched |= 1 << UInt64(i); tMatched |= 1 << UInt64(j); matches += 1
                break
            }
        }
        guard matches > 0 else { return 0 }
        var transpositions = 0, k = 0
        for i in 0..<s.count where sMatched & (1 << UInt64(i)) != 0 {
            while tMatched & (1 << UInt64(k)) == 0 { k += 1 }
            if s[i] != t[k] { transpositions += 1 }
            k += 1
        }
        let m = Double(matches)
        let jaro = (m / Double(s.count) + m / Double(t.count) + (m - Double(transpositions) / 2) / m) / 3
        var prefix = 0
        while prefix < min(4, s.count, t.count), s[prefix] == t[prefix] { prefix += 1 }
        return jaro + Double(prefix) * 0.1 * (1 - jaro)
    }
}
