import Foundation

/// A name made comparable across scripts, spellings and word orders: Arabic,
/// Cyrillic, Chinese and other scripts are transliterated to Latin, accents
/// and case fold away, particles and titles (al, bin, Dr, …) drop out, and
/// each word gets a consonant skeleton in which the usual transliteration
/// variants meet (Mohammed, Muhammad, Mohamed and محمد all become `mhmd`).
///
/// A name as a list writes it (`NameForm(listed:)`, OFAC's `SURNAME, Given
/// Names`) also says what each word is: surname, first given name, a further
/// given name, or lineage (a patronymic, or a name after bin/ibn), so a query
/// that leaves out what people usually leave out still matches.
public struct NameForm: Sendable, Equatable {
    /// What a word is in a listed name.
    public enum Part: UInt8, Sendable {
        /// A query, or a listed name without `SURNAME, Given` structure.
        case unknown
        /// The first word of the surname: the one people use alone (Guzman of GUZMAN LOERA).
        case surname
        /// A further surname word (a Hispanic mother's surname, LOERA).
        case laterSurname
        case firstGiven
        /// A middle name (or, in Arabic names, a father's or grandfather's name without bin).
        case given
        /// A patronymic (Sergeyevich, Ryhorovich) or a name after bin, ibn, ben, ould.
        case lineage
    }

    /// How a word was written, which says what of its Latin spelling to trust.
    public enum Script: UInt8, Sendable {
        /// Latin, Cyrillic, Greek and other alphabets: vowels and consonants as written.
        case alphabetic
        /// Arabic, Persian, Hebrew: short vowels are not written, so only the consonants count.
        case abjad
        /// Chinese, Korean, Japanese: syllables transliterated by rule, so the vowels count as much as the consonants.
        case syllabic
    }

    public let tokens: [String]
    public let skeletons: [String]
    public let parts: [Part]
    public let scripts: [Script]
    /// Syllabic keys: voicing and the romanisation systems' spellings merged (Wade–Giles and pinyin, McCune–Reischauer and Revised).
    let syllableLetters: [[UInt8]]
    /// The tokens' and skeletons' bytes, kept so comparing two forms allocates nothing.
    let letters: [[UInt8]]
    let skeletonLetters: [[UInt8]]
    /// Skeletons with q read as g (Arabic ق is written q, k and g: Qaddafi, Gaddafi); nil without a q.
    let velarSkeletonLetters: [[UInt8]?]
    /// Whether a word is a legal form or another word that says nothing about who is named (Ltd, Corp, Company).
    let noise: [Bool]
    /// Each two neighbouring words written as one (Abu Bakr and Abubakr, Ya Wen and Yawen).
    let joinedLetters: [[UInt8]]
    let joinedSkeletonLetters: [[UInt8]]
    let joinedSyllableLetters: [[UInt8]]

    static let particles: Set<String> = ["al", "el", "ul", "bin", "ben", "ibn", "bint", "binti", "ould", "de", "del", "da", "dos", "das",
                                         "van", "von", "der", "le", "la", "mr", "mrs", "ms", "dr", "doctor", "haji", "hajji", "sheikh",
                                         "shaykh", "sheik", "shaikh", "mullah", "mawlawi", "maulavi", "sayed", "sayyid", "colonel", "general"]
    /// Particles after which, in the given names, comes a father's or forefather's name.
    static let lineageParticles: Set<String> = ["bin", "ben", "ibn", "bint", "binti", "ould"]
    /// Endings of East Slavic and Turkic patronymics (Sergeyevich, Aliaksandravich, Radzivonawna, Tursunovich, Aliyevna, Mamed ogly).
    static let patronymicEndings = ["vich", "vych", "vitch", "vna", "ichna", "awna", "ogly", "oglu", "ugli", "uly", "kyzy", "qizi", "kizi"]
    /// Legal forms and generic words of organisations' names: they match
    /// everywhere ("CORP" is in thousands of names), so they count for little
    /// and never make a match on their own.
    static let noiseWords: Set<String> = ["co", "corp", "corporation", "company", "companies", "ltd", "limited", "llc", "inc", "incorporated",
                                          "gmbh", "ag", "sa", "srl", "sarl", "sas", "spa", "plc", "jsc", "ojsc", "pjsc", "cjsc", "ooo",
                                          "oao", "zao", "ao", "llp", "lp", "bv", "nv", "pte", "pty", "fze", "fzco", "fzc", "fzllc", "est",
                                          "establishment", "group", "holding", "holdings", "trading", "international", "intl", "enterprise",
                                          "enterprises", "industries", "industrial", "general", "import", "export", "the", "and", "of", "for"]

    /// A name as someone types it or a document gives it.
    public init(_ name: String) { self.init(words: Self.words(name), structured: false) }

    /// A name as a list writes it: `SURNAME, Given Names` gives each word its part.
    public init(listed name: String) { self.init(words: Self.words(name), structured: name.contains(",")) }

    init(words: [Word], structured: Bool) {
        var tokens: [String] = [], parts: [Part] = [], scripts: [Script] = []
        var afterLineageParticle = false
        var givenSeen = false
        for (word, segment, script) in words {
            // Arabic script writes the article joined (الأسد is al-Asad); a lone ل is what is left of one.
            if script == .abjad, word == "l" { continue }
            let word = script == .abjad && word.count >= 5 && word.hasPrefix("al") ? String(word.dropFirst(2)) : word
            if Self.particles.contains(word) {
                afterLineageParticle = structured && segment > 0 && Self.lineageParticles.contains(word)
                continue
            }
            let part: Part
            if !structured { part = .unknown }
            else if segment == 0 { part = tokens.isEmpty ? .surname : .laterSurname }
            else if afterLineageParticle || (givenSeen && Self.isPatronymic(word)) { part = .lineage }
            else if !givenSeen { part = .firstGiven } else { part = .given }
            if segment > 0 { givenSeen = true }
            for piece in Self.canonicalWords(word) {
                tokens.append(piece)
                parts.append(part)
                scripts.append(script)
            }
            afterLineageParticle = false
        }
        if tokens.isEmpty {   // a name of particles only ("Al Bin") is still a name
            tokens = words.map(\.word)
            parts = tokens.map { _ in .unknown }
            scripts = words.map(\.script)
        }
        self.tokens = tokens
        self.parts = parts
        self.scripts = scripts
        let letters = tokens.map { Array($0.utf8) }
        self.letters = letters
        syllableLetters = letters.map { Self.syllableKey($0) }
        skeletonLetters = letters.map { Self.skeleton($0) }
        skeletons = skeletonLetters.map { String(decoding: $0, as: UTF8.self) }
        velarSkeletonLetters = letters.map { $0.contains(ascii("q")) ? Self.skeleton($0, qAs: ascii("g")) : nil }
        noise = tokens.map { Self.noiseWords.contains($0) }
        let joined = letters.indices.dropLast().map { letters[$0] + letters[$0 + 1] }
        joinedLetters = joined
        joinedSkeletonLetters = joined.map { Self.skeleton($0) }
        joinedSyllableLetters = joined.map { Self.syllableKey($0) }
    }

    public static func == (a: NameForm, b: NameForm) -> Bool { a.tokens == b.tokens }

    typealias Word = (word: String, segment: Int, script: Script)

    /// The Cyrillic letters that ICU's ISO 9 writes with a diacritic that
    /// folding would lose (Ûrij Ânukovič Prigožin becomes Urij Anukovic
    /// Prigozin), written as passports and lists write them (Yuriy Yanukovich
    /// Prigozhin); ICU does the rest.
    static func cyrillicDigraphs(_ chunk: String) -> String {
        var text = ""
        let letters = Array(chunk.lowercased())
        for (index, character) in letters.enumerated() {
            // A final й is y (Sergey, Yuriy, Gennadiy), as a list writes it; elsewhere ISO 9's j (Shojgu) meets both.
            if character == "й", index + 1 == letters.count { text += "y"; continue }
            text += cyrillicLetters[character] ?? String(character)
        }
        return text
    }

    static let cyrillicLetters: [Character: String] = ["я": "ya", "ю": "yu", "ё": "yo", "є": "ye", "ї": "yi", "ж": "zh", "ч": "ch",
                                                       "ш": "sh", "щ": "shch", "ь": "", "ъ": ""]
    /// Marks inside a word that leave it one word: apostrophes, ain and hamza
    /// (ʿ ʾ), the soft and hard signs (ʹ ʺ) and BGN's separating dot (Lukash·enka).
    static let joiningMarks: Set<Unicode.Scalar> = ["'", "\u{2019}", "\u{02BF}", "\u{02BE}", "\u{02B9}", "\u{02BA}", "\u{00B7}"]

    /// Lower-case Latin words, each with the comma-separated segment it is in
    /// and the script it was written in.
    static func words(_ name: String) -> [Word] {
        var words: [Word] = []
        var segment = 0
        var chunk = ""
        func flush() {
            guard !chunk.isEmpty else { return }
            let script = Self.script(of: chunk)
            // Taa marbuta ends a name in a vowel (Usama, Fatima, Hamza), which ICU writes as a t.
            // So does alef maksura (Musa, Mustafa), which ICU writes as a y.
            if script == .abjad {
                chunk = chunk.replacingOccurrences(of: "\u{0629}", with: "\u{0627}").replacingOccurrences(of: "\u{0649}", with: "\u{0627}")
            }
            // ICU's transforms are slow, and lists are mostly plain ASCII already.
            let plain: String
            if chunk.utf8.allSatisfy({ $0 < 0x80 }) {
                plain = chunk.lowercased()
            } else {
                let cyrillic = chunk.unicodeScalars.contains { (0x0400...0x04FF).contains($0.value) } ? Self.cyrillicDigraphs(chunk) : chunk
                let latin = (cyrillic.applyingTransform(.toLatin, reverse: false) ?? cyrillic)
                plain = (latin.applyingTransform(.stripDiacritics, reverse: false) ?? latin).lowercased()
            }
            var current = ""
            func append() {
                // ICU writes بن and ابن without vowels.
                words.append((script == .abjad ? (["bn": "bin", "abn": "ibn"][current] ?? current) : current, segment, script))
                current = ""
            }
            let scalars = Array(plain.unicodeScalars)
            for (index, scalar) in scalars.enumerated() {
                if CharacterSet.lowercaseLetters.contains(scalar) && scalar.isASCII {
                    current.unicodeScalars.append(scalar)
                } else if scalar == "\u{02BF}", script == .abjad,
                          current.isEmpty || (index + 1 < scalars.count && current.unicodeScalars.last == scalars[index + 1]) {
                    // An ain ICU writes as ʿ carries a vowel where one is needed: first (عبد is Abd, not Bd),
                    // and between two like consonants, which are not one doubled letter (معمر is Muammar, not Mumar).
                    current.append("a")
                } else if Self.joiningMarks.contains(scalar) {
                    continue   // apostrophes, the ain/hamza marks and the soft/hard signs join, as in Ma'mun and Kovalʹchuk
                } else if !current.isEmpty {
                    append()
                }
            }
            if !current.isEmpty { append() }
            chunk = ""
        }
        for character in name {
            if character == "," {
                flush()
                segment += 1
            } else if character.isWhitespace || character == "-" || character == "(" || character == ")" || character == "." {
                flush()
            } else {
                chunk.append(character)
            }
        }
        flush()
        return words
    }

    /// The script of a word by its first letter.
    static func script(of word: String) -> Script {
        for scalar in word.unicodeScalars where scalar.properties.isAlphabetic {
            switch scalar.value {
            case 0x0590...0x05FF, 0x0600...0x06FF, 0x0750...0x077F, 0x08A0...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF: return .abjad
            case 0x1100...0x11FF, 0x3040...0x30FF, 0x3130...0x318F, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7AF, 0xF900...0xFAFF: return .syllabic
            default: return .alphabetic
            }
        }
        return .alphabetic
    }

    /// A syllable's spelling with the romanisation systems' differences merged:
    /// voiced and voiceless stops (Wade–Giles writes pinyin's b, d, g as p, t,
    /// k; McCune–Reischauer Korea's Revised g as k), the affricates (zh, ch, j,
    /// q, ts, tz, z, c), the sibilants (sh, hs, x, s), r and l, and Korean's eo and eu.
    static func syllableKey(_ word: [UInt8]) -> [UInt8] {
        var key: [UInt8] = []
        key.reserveCapacity(word.count)
        var index = 0
        while index < word.count {
            let letter = word[index], next = index + 1 < word.count ? word[index + 1] : 0
            switch (letter, next) {
            case (ascii("e"), ascii("o")): key.append(ascii("o")); index += 2
            case (ascii("e"), ascii("u")): key.append(ascii("u")); index += 2
            case (ascii("t"), ascii("z")), (ascii("t"), ascii("s")), (ascii("z"), ascii("h")), (ascii("c"), ascii("h")):
                key.append(ascii("j")); index += 2
            case (ascii("h"), ascii("s")), (ascii("s"), ascii("h")): key.append(ascii("s")); index += 2
            default:
                switch letter {
                case ascii("q"), ascii("z"), ascii("c"): key.append(ascii("j"))
                case ascii("x"): key.append(ascii("s"))
                case ascii("p"): key.append(ascii("b"))
                case ascii("t"): key.append(ascii("d"))
                case ascii("k"): key.append(ascii("g"))
                case ascii("r"): key.append(ascii("l"))
                default: key.append(letter)
                }
                index += 1
            }
        }
        return key
    }

    static func isPatronymic(_ word: String) -> Bool {
        word.count >= 6 && patronymicEndings.contains { word.hasSuffix($0) }
    }

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
    static func skeleton(_ word: [UInt8], qAs q: UInt8 = ascii("k")) -> [UInt8] {
        // The transliteration pairs first (ph f, th t, dh d, kh h, gh g, sh s, ch s, zh g, ck k, q k, c k, z s, x ks, j g, v f, p b) ...
        var text: [UInt8] = []
        text.reserveCapacity(word.count + 2)
        var index = 0
        while index < word.count {
            let letter = word[index], next = index + 1 < word.count ? word[index + 1] : 0
            if next == ascii("h"), let merged = hDigraph(letter) {
                text.append(merged); index += 2; continue
            }
            if letter == ascii("c"), next == ascii("k") { text.append(ascii("k")); index += 2; continue }
            switch letter {
            case ascii("q"): text.append(q)
            case ascii("c"): text.append(ascii("k"))
            case ascii("z"): text.append(ascii("s"))
            case ascii("x"): text.append(ascii("k")); text.append(ascii("s"))
            case ascii("j"): text.append(ascii("g"))
            case ascii("v"): text.append(ascii("f"))
            case ascii("p"): text.append(ascii("b"))
            default: text.append(letter)
            }
            index += 1
        }
        // ... then the consonants. A doubled letter is one (Hassan, Hasan); the
        // same consonant again after a vowel is another (Potanin is not Putin).
        var skeleton: [UInt8] = []
        skeleton.reserveCapacity(text.count)
        var previous: UInt8 = 0
        for letter in text {
            defer { previous = letter }
            guard !WordSimilarity.isVowel(letter), letter != previous else { continue }
            skeleton.append(letter)
        }
        return skeleton
    }

    /// ph f, th t, dh d, kh h, gh g, sh s, ch s, zh g.
    static func hDigraph(_ letter: UInt8) -> UInt8? {
        switch letter {
        case ascii("p"): ascii("f")
        case ascii("t"): ascii("t")
        case ascii("d"): ascii("d")
        case ascii("k"): ascii("h")
        case ascii("g"): ascii("g")
        case ascii("s"), ascii("c"): ascii("s")
        case ascii("z"): ascii("g")
        default: nil
        }
    }
}

/// The byte of an ASCII letter.
@inline(__always) private func ascii(_ scalar: Unicode.Scalar) -> UInt8 { UInt8(ascii: scalar) }
