import Foundation

/// Screens a person against a sanctions list: every name and alias of every
/// entry is compared word by word, in any order, allowing spelling and
/// transliteration variants and initials; the date of birth and nationality,
/// where both sides have them, raise or lower the score. Returns the entries
/// at or above the threshold, best first, each with why it matched.
public struct SanctionsMatcher: Sendable {
    /// Who to screen.
    public struct Query: Sendable {
        public var name: String
        public var dateOfBirth: DateOfBirth?
        /// ISO 3166-1 alpha-2 (`SY`) or a country's English name.
        public var nationality: String?

        public init(name: String, dateOfBirth: DateOfBirth? = nil, nationality: String? = nil) {
            self.name = name
            self.dateOfBirth = dateOfBirth
            self.nationality = nationality
        }
    }

    /// One entry that matched.
    public struct Match: Sendable, Codable, Equatable {
        public var entryID: Int
        /// The entry's name as listed.
        public var listedName: String
        /// The name or alias that matched.
        public var matchedName: String
        public var kind: SanctionsEntry.Kind
        public var programs: [String]
        /// 0–1 after the date of birth and nationality adjustments.
        public var score: Double
        /// Why: the name's similarity, and what the date of birth and nationality did.
        public var reasons: [String]
    }

    struct Candidate: Sendable {
        let entry: Int
        let name: String
        let form: NameForm
        /// How telling each of the form's words is (see `weights`).
        var weights: [Double] = []
    }

    public let threshold: Double
    let entries: [SanctionsEntry]
    let candidates: [Candidate]
    /// Candidates by the first two letters of each word and of each word's
    /// skeleton, and by its first and last letters: a spelling variant keeps
    /// one of them, a typing slip another.
    let index: [String: [Int32]]
    /// How telling a word is: rarer words on the list weigh more (`log(N/df) + 1`),
    /// so two common words (Maria, Garcia) count for less than two rare ones.
    let weights: [String: Double]
    let unseenWeight: Double

    public init(entries: [SanctionsEntry], threshold: Double = 0.88) {
        self.threshold = threshold
        self.entries = entries
        var candidates: [Candidate] = []
        for (position, entry) in entries.enumerated() {
            for name in [entry.name] + entry.aliases {
                candidates.append(Candidate(entry: position, name: name, form: NameForm(name)))
            }
        }
        var index: [String: [Int32]] = [:]
        for (position, candidate) in candidates.enumerated() {
            for key in Set(Self.keys(candidate.form)) { index[key, default: []].append(Int32(position)) }
        }
        var frequency: [String: Int] = [:]
        for candidate in candidates { for skeleton in Set(candidate.form.skeletons) { frequency[skeleton, default: 0] += 1 } }
        let total = Double(max(1, candidates.count))
        let weights = frequency.mapValues { log(total / Double($0)) + 1 }
        let unseenWeight = log(total) + 1
        for position in candidates.indices {
            candidates[position].weights = candidates[position].form.skeletons.map { weights[$0] ?? unseenWeight }
        }
        self.candidates = candidates
        self.index = index
        self.weights = weights
        self.unseenWeight = unseenWeight
    }

    func weight(_ skeleton: String) -> Double { weights[skeleton] ?? unseenWeight }

    static func keys(_ form: NameForm, token: Int) -> [String] {
        let word = form.tokens[token]
        return ["w" + word.prefix(2), "s" + form.skeletons[token].prefix(2), "e" + word.prefix(1) + word.suffix(1)]
    }

    static func keys(_ form: NameForm) -> [String] { form.tokens.indices.flatMap { keys(form, token: $0) } }

    public func screen(_ query: Query) -> [Match] {
        let form = NameForm(query.name)
        guard !form.tokens.isEmpty else { return [] }
        // Only names that share a key with two of the query's words (one for a
        // one-word query) can score: a match needs two whole words paired.
        let needed = min(2, form.tokens.count)
        var hits = [UInt8](repeating: 0, count: candidates.count)
        var lastToken = [Int16](repeating: -1, count: candidates.count)
        var reached: [Int] = []
        for token in form.tokens.indices {
            for key in Set(Self.keys(form, token: token)) {
                for position in index[key] ?? [] {
                    let at = Int(position)
                    guard lastToken[at] != Int16(token) else { continue }
                    lastToken[at] = Int16(token)
                    hits[at] += 1
                    if hits[at] == UInt8(needed) { reached.append(at) }
                }
            }
        }
        let queryWeights = form.skeletons.map(weight)
        var best: [Int: (Double, Candidate)] = [:]
        for position in reached {
            let candidate = candidates[position]
            let score = nameScore(form, queryWeights, candidate)
            if score >= threshold - 0.2, score > (best[candidate.entry]?.0 ?? 0) { best[candidate.entry] = (score, candidate) }
        }
        var matches: [Match] = []
        for (position, (nameScore, candidate)) in best {
            let entry = entries[position]
            var score = nameScore
            var reasons = [String(format: "name %.2f (%@)", nameScore, candidate.name)]
            if let birth = query.dateOfBirth, !entry.datesOfBirth.isEmpty {
                if entry.datesOfBirth.contains(where: { Self.agrees($0, birth) }) {
                    score += 0.05; reasons.append("date of birth agrees")
                } else if entry.datesOfBirth.contains(where: { abs($0.year - birth.year) <= 1 }) {
                    reasons.append("date of birth within a year")
                } else {
                    score -= 0.15; reasons.append("date of birth differs")
                }
            }
            if let nationality = query.nationality, !entry.nationalities.isEmpty {
                if entry.nationalities.contains(where: { Self.sameCountry($0, nationality) }) {
                    score += 0.03; reasons.append("nationality agrees")
                } else {
                    score -= 0.1; reasons.append("nationality differs")
                }
            }
            score = min(1, score)
            if score >= threshold {
                matches.append(Match(entryID: entry.id, listedName: entry.name, matchedName: candidate.name, kind: entry.kind,
                                     programs: entry.programs, score: (score * 1000).rounded() / 1000, reasons: reasons))
            }
        }
        return matches.sorted { $0.score != $1.score ? $0.score > $1.score : $0.entryID < $1.entryID }
    }

    /// Word-by-word, in any order: each word of the query paired with its best
    /// unused word of the name, weighted by how telling the word is; words the
    /// name has and the query lacks cost a fifth of their weight (people give
    /// two names where lists hold four), query words the name lacks cost all of it.
    func nameScore(_ query: NameForm, _ queryWeights: [Double], _ listed: Candidate) -> Double {
        let names = listed.form
        var pairs: [(Double, Int, Int)] = []
        for i in query.tokens.indices {
            for j in names.tokens.indices {
                let similarity = Self.tokenSimilarity(query.letters[i], query.skeletonLetters[i], names.letters[j], names.skeletonLetters[j])
                if similarity >= 0.8 { pairs.append((similarity, i, j)) }
            }
        }
        guard pairs.count >= min(2, query.tokens.count) else { return 0 }
        pairs.sort { $0.0 > $1.0 }
        var usedQuery = [Bool](repeating: false, count: query.tokens.count), usedListed = [Bool](repeating: false, count: names.tokens.count)
        var matchedWeight = 0.0, possibleWeight = 0.0
        var full = 0
        for (similarity, i, j) in pairs where !usedQuery[i] && !usedListed[j] {
            usedQuery[i] = true; usedListed[j] = true
            let w = listed.weights[j]
            matchedWeight += similarity * w
            possibleWeight += w
            if query.letters[i].count > 1 && names.letters[j].count > 1 { full += 1 }
        }
        // A single word only matches a single-word name; otherwise two whole words must match.
        guard (query.tokens.count == 1 && names.tokens.count == 1) || full >= 2 else { return 0 }
        for i in query.tokens.indices where !usedQuery[i] { possibleWeight += queryWeights[i] }
        for j in names.tokens.indices where !usedListed[j] { possibleWeight += 0.2 * listed.weights[j] }
        return possibleWeight > 0 ? matchedWeight / possibleWeight : 0
    }

    static func tokenSimilarity(_ a: String, _ aSkeleton: String, _ b: String, _ bSkeleton: String) -> Double {
        tokenSimilarity(Array(a.utf8), Array(aSkeleton.utf8), Array(b.utf8), Array(bSkeleton.utf8))
    }

    /// How alike two words are (0–1): the same word, an initial, the same
    /// consonants (Yusuf/Yousef), a near spelling, or near consonants. Short
    /// skeletons (two consonants or fewer) say little on their own, so the
    /// words must also begin alike (Nagy is not Wang), and with one consonant
    /// be spelled alike too (Ali is not Ola).
    static func tokenSimilarity(_ a: [UInt8], _ aSkeleton: [UInt8], _ b: [UInt8], _ bSkeleton: [UInt8]) -> Double {
        if a == b { return 1 }
        if a.count == 1 || b.count == 1 { return a.first == b.first ? 0.85 : 0 }
        let spelled = jaroWinkler(a, b)
        if aSkeleton == bSkeleton {
            if aSkeleton.count >= 3 { return 0.95 }
            if beginAlike(a, b), aSkeleton.count == 2 || spelled >= 0.75 { return 0.95 }
        }
        if spelled >= 0.88 { return spelled }
        // Near consonants: long skeletons only, one letter apart at most (Mrtn is not Mrn).
        let shorter = min(aSkeleton.count, bSkeleton.count), longer = max(aSkeleton.count, bSkeleton.count)
        guard shorter >= 4 || (shorter == 3 && longer == 3) else { return 0 }
        guard longer - shorter <= 1 else { return 0 }
        let sounded = jaroWinkler(aSkeleton, bSkeleton)
        return sounded >= 0.9 ? 0.9 * sounded : 0
    }

    /// The same first letter, or both a vowel (y and w count: Yusuf/Iusuf, Wasim/Oussim).
    static func beginAlike(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard let x = a.first, let y = b.first else { return false }
        let vowels: Set<UInt8> = Set("aeiouyw".utf8)
        return x == y || (vowels.contains(x) && vowels.contains(y))
    }

    static func agrees(_ listed: SanctionsEntry.PartialDate, _ birth: DateOfBirth) -> Bool {
        listed.year == birth.year && (listed.month.map { $0 == birth.month } ?? true) && (listed.day.map { $0 == birth.day } ?? true)
    }

    /// `Syria` against `SY` or `Syrian Arab Republic`: names compared on their first five letters.
    static func sameCountry(_ listed: String, _ given: String) -> Bool {
        let name = given.count == 2 ? (Locale(identifier: "en").localizedString(forRegionCode: given.uppercased()) ?? given) : given
        let a = NameForm(listed).tokens.joined(), b = NameForm(name).tokens.joined()
        return !a.isEmpty && !b.isEmpty && a.prefix(5) == b.prefix(5)
    }

    /// Jaro–Winkler similarity of two words (0–1).
    static func jaroWinkler(_ a: String, _ b: String) -> Double { jaroWinkler(Array(a.utf8), Array(b.utf8)) }

    /// Words longer than 64 letters are compared on their first 64, so the
    /// matched letters fit in a bit mask and screening allocates nothing here.
    static func jaroWinkler(_ whole: [UInt8], _ other: [UInt8]) -> Double {
        let s = whole.prefix(64), t = other.prefix(64)
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
