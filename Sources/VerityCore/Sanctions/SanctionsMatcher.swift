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
    }

    public let threshold: Double
    let entries: [SanctionsEntry]
    let candidates: [Candidate]
    /// Candidates by the first two letters of each word's skeleton.
    let index: [String: [Int]]
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
        var index: [String: [Int]] = [:]
        for (position, candidate) in candidates.enumerated() {
            for key in Set(candidate.form.skeletons.map(Self.key)) where !key.isEmpty { index[key, default: []].append(position) }
        }
        self.candidates = candidates
        self.index = index
        var frequency: [String: Int] = [:]
        for candidate in candidates { for skeleton in Set(candidate.form.skeletons) { frequency[skeleton, default: 0] += 1 } }
        let total = Double(max(1, candidates.count))
        weights = frequency.mapValues { log(total / Double($0)) + 1 }
        unseenWeight = log(total) + 1
    }

    func weight(_ skeleton: String) -> Double { weights[skeleton] ?? unseenWeight }

    static func key(_ skeleton: String) -> String { String(skeleton.prefix(2)) }

    public func screen(_ query: Query) -> [Match] {
        let form = NameForm(query.name)
        guard !form.tokens.isEmpty else { return [] }
        var seen = Set<Int>()
        for skeleton in form.skeletons { for position in index[Self.key(skeleton)] ?? [] { seen.insert(position) } }
        var best: [Int: (Double, Candidate)] = [:]
        for position in seen {
            let candidate = candidates[position]
            let score = nameScore(form, candidate.form)
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
    func nameScore(_ query: NameForm, _ listed: NameForm) -> Double {
        var pairs: [(Double, Int, Int)] = []
        for (i, q) in query.tokens.enumerated() {
            for (j, l) in listed.tokens.enumerated() {
                let similarity = Self.tokenSimilarity(q, query.skeletons[i], l, listed.skeletons[j])
                if similarity >= 0.8 { pairs.append((similarity, i, j)) }
            }
        }
        pairs.sort { $0.0 > $1.0 }
        var usedQuery = Set<Int>(), usedListed = Set<Int>()
        var matchedWeight = 0.0, possibleWeight = 0.0
        var full = 0
        for (similarity, i, j) in pairs where !usedQuery.contains(i) && !usedListed.contains(j) {
            usedQuery.insert(i); usedListed.insert(j)
            let w = weight(listed.skeletons[j])
            matchedWeight += similarity * w
            possibleWeight += w
            if query.tokens[i].count > 1 && listed.tokens[j].count > 1 { full += 1 }
        }
        // A single word only matches a single-word name; otherwise two whole words must match.
        guard (query.tokens.count == 1 && listed.tokens.count == 1) || full >= 2 else { return 0 }
        for i in query.tokens.indices where !usedQuery.contains(i) { possibleWeight += weight(query.skeletons[i]) }
        for j in listed.tokens.indices where !usedListed.contains(j) { possibleWeight += 0.2 * weight(listed.skeletons[j]) }
        return possibleWeight > 0 ? matchedWeight / possibleWeight : 0
    }

    static func tokenSimilarity(_ a: String, _ aSkeleton: String, _ b: String, _ bSkeleton: String) -> Double {
        if a == b { return 1 }
        if a.count == 1 || b.count == 1 { return a.first == b.first ? 0.85 : 0 }
        // Equal skeletons: the same word spelled another way (short words like abu/abw only when both are short).
        if aSkeleton == bSkeleton, aSkeleton.count >= 2 || max(a.count, b.count) <= 3 { return 0.95 }
        let spelled = jaroWinkler(a, b)
        if spelled >= 0.88 { return spelled }
        let sounded = jaroWinkler(aSkeleton, bSkeleton)
        return sounded >= 0.9 && min(aSkeleton.count, bSkeleton.count) >= 3 ? 0.9 * sounded : 0
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
    static func jaroWinkler(_ a: String, _ b: String) -> Double {
        let s = Array(a.utf8), t = Array(b.utf8)
        if s.isEmpty || t.isEmpty { return 0 }
        let window = max(0, max(s.count, t.count) / 2 - 1)
        var sMatched = [Bool](repeating: false, count: s.count), tMatched = [Bool](repeating: false, count: t.count)
        var matches = 0
        for i in 0..<s.count {
            let low = max(0, i - window), high = min(t.count - 1, i + window)
            guard low <= high else { continue }
            for j in low...high where !tMatched[j] && s[i] == t[j] {
                sMatched[i] = true; tMatched[j] = true; matches += 1
                break
            }
        }
        guard matches > 0 else { return 0 }
        var transpositions = 0, k = 0
        for i in 0..<s.count where sMatched[i] {
            while !tMatched[k] { k += 1 }
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
