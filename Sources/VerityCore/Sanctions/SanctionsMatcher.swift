import Foundation

/// Screens a person against a sanctions list: every name, a.k.a. and weak
/// a.k.a. of every entry is compared word by word, in any order, allowing
/// spelling and transliteration variants, initials, words written joined or
/// apart, and the parts of a name people leave out (patronymics, names after
/// bin, middle names); a single word is screened as a nickname. The date of
/// birth and nationality, where both sides have them, raise or lower the
/// score. Returns the entries at or above the threshold, best first, each with
/// why it matched.
public struct SanctionsMatcher: Sendable {
    /// Who to screen.
    public struct Query: Sendable {
        public var name: String
        public var dateOfBirth: DateOfBirth?
        /// ISO 3166-1 alpha-2 (`SY`) or a country's English name.
        public var nationality: String?
        /// The kinds of entry screened: a person (a name from an identity
        /// document) against listed individuals; `SanctionsEntry.Kind.allCases`
        /// for a name that may be an organisation, a vessel or an aircraft.
        public var kinds: Set<SanctionsEntry.Kind>
        /// The lists screened against (`SanctionsListID`); nil for every list the matcher holds.
        public var lists: Set<String>?

        public init(name: String, dateOfBirth: DateOfBirth? = nil, nationality: String? = nil, kinds: Set<SanctionsEntry.Kind> = [.individual],
                    lists: Set<String>? = nil) {
            self.name = name
            self.dateOfBirth = dateOfBirth
            self.nationality = nationality
            self.kinds = kinds
            self.lists = lists
        }
    }

    /// One entry that matched.
    public struct Match: Sendable, Codable, Equatable {
        /// The list the entry is on (`SanctionsListID`).
        public var list: String
        /// The list's version the entry was matched in; nil for a matcher built without versions.
        public var listVersion: SanctionsListVersion?
        /// The entry's number within its list (OFAC's `ent_num`, the UN's `DATAID`).
        public var entryID: Int
        /// The entry's reference as its list writes it (the UN's `QDi.006`, OFAC's `ent_num`).
        public var reference: String
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
        /// How the entry's dates of birth compare with the query's; nil when either has none.
        public var dateOfBirth: BirthAgreement?

        public init(list: String = SanctionsListID.ofacSDN, listVersion: SanctionsListVersion? = nil, entryID: Int, reference: String? = nil,
                    listedName: String, matchedName: String, kind: SanctionsEntry.Kind, programs: [String],
                    score: Double, reasons: [String], dateOfBirth: BirthAgreement? = nil) {
            self.list = list
            self.listVersion = listVersion
            self.entryID = entryID
            self.reference = reference ?? String(entryID)
            self.listedName = listedName
            self.matchedName = matchedName
            self.kind = kind
            self.programs = programs
            self.score = score
            self.reasons = reasons
            self.dateOfBirth = dateOfBirth
        }
    }

    /// A listed date of birth against the one screened.
    public enum BirthAgreement: String, Sendable, Codable, Equatable {
        case agrees, withinAYear, differs
    }

    struct Candidate: Sendable {
        let entry: Int32
        let name: String
        let form: NameForm
        /// A weak a.k.a. (OFAC's quoted remarks), which counts less.
        let weak: Bool
        /// How telling each of the form's words is (see `weights`).
        var weights: [Double] = []
    }

    public let threshold: Double
    let costs: NameAlignment.Costs
    let entries: [SanctionsEntry]
    /// Each list's version, stamped on its matches.
    public let versions: [String: SanctionsListVersion]
    let candidates: [Candidate]
    /// Candidates by the first two letters of each word and of each word's
    /// skeleton, and by its first and last letters: a spelling variant keeps
    /// one of them, a typing slip another.
    let index: [String: [Int32]]
    /// Entries by their nicknames: a word several of an entry's a.k.a.s share
    /// that its listed name lacks and few entries have ("GUZMAN, Chapo" and
    /// "GUZMAN LOREA, Chapo" make Chapo a nickname of GUZMAN LOERA, Joaquin).
    let nicknames: [String: [Int32]]
    /// How telling a word is: rarer words on the list weigh more (`log(N/df) + 1`),
    /// so two common words (Maria, Garcia) count for less than two rare ones.
    let weights: [String: Double]
    let unseenWeight: Double

    /// A matcher over `entries`; its words weigh by their rarity among these
    /// entries, or among `weighing`'s when given (a matcher over a list's
    /// changes screens as the whole list would).
    public init(entries: [SanctionsEntry], versions: [String: SanctionsListVersion] = [:], threshold: Double = 0.9,
                weighing: SanctionsMatcher? = nil) {
        self.init(entries: entries, versions: versions, threshold: threshold, costs: NameAlignment.Costs(), weighing: weighing)
    }

    init(entries: [SanctionsEntry], versions: [String: SanctionsListVersion] = [:], threshold: Double, costs: NameAlignment.Costs,
         weighing: SanctionsMatcher? = nil) {
        self.threshold = threshold
        self.costs = costs
        self.entries = entries
        self.versions = versions
        var candidates: [Candidate] = []
        for (position, entry) in entries.enumerated() {
            for name in [entry.name] + entry.aliases {
                candidates.append(Candidate(entry: Int32(position), name: name, form: NameForm(listed: name), weak: false))
            }
            for name in entry.weakAliases {
                candidates.append(Candidate(entry: Int32(position), name: name, form: NameForm(listed: name), weak: true))
            }
        }
        var index: [String: [Int32]] = [:]
        for (position, candidate) in candidates.enumerated() {
            for key in Set(Self.keys(candidate.form)) { index[key, default: []].append(Int32(position)) }
        }
        // A word weighs by its skeleton's rarity: the name across its spellings.
        let weights: [String: Double], unseenWeight: Double
        if let weighing {
            (weights, unseenWeight) = (weighing.weights, weighing.unseenWeight)
        } else {
            var frequency: [String: Int] = [:]
            for candidate in candidates { for skeleton in Set(candidate.form.skeletons) { frequency[skeleton, default: 0] += 1 } }
            let total = Double(max(1, candidates.count))
            weights = frequency.mapValues { log(total / Double($0)) + 1 }
            unseenWeight = log(total) + 1
        }
        self.weights = weights
        self.unseenWeight = unseenWeight
        for position in candidates.indices {
            let form = candidates[position].form
            candidates[position].weights = form.tokens.indices.map { Self.weight(form, $0, weights: weights, unseen: unseenWeight, costs: costs) }
        }
        self.candidates = candidates
        self.index = index
        self.nicknames = Self.nicknames(candidates)
    }

    /// How many names and aliases are screened.
    public var candidateCount: Int { candidates.count }

    func weight(_ form: NameForm, _ token: Int) -> Double {
        Self.weight(form, token, weights: weights, unseen: unseenWeight, costs: costs)
    }

    static func weight(_ form: NameForm, _ token: Int, weights: [String: Double], unseen: Double, costs: NameAlignment.Costs) -> Double {
        form.noise[token] ? costs.noiseWeight : weights[form.skeletons[token]] ?? unseen
    }

    static func keys(_ form: NameForm, token: Int) -> [String] {
        let word = form.tokens[token]
        return ["w" + word.prefix(2), "s" + form.skeletons[token].prefix(2), "e" + word.prefix(1) + word.suffix(1)]
    }

    static func keys(_ form: NameForm) -> [String] { form.tokens.indices.flatMap { keys(form, token: $0) } }

    /// Words at least two of an entry's a.k.a.s share, absent from its listed
    /// name, that at most three entries have: the names a person is called by.
    static func nicknames(_ candidates: [Candidate]) -> [String: [Int32]] {
        var byWord: [String: Set<Int32>] = [:]
        var everywhere: [String: Set<Int32>] = [:]
        var start = 0
        while start < candidates.count {
            // An entry's candidates are together, its listed name first.
            let entry = candidates[start].entry
            var end = start + 1
            while end < candidates.count, candidates[end].entry == entry { end += 1 }
            let listed = Set(candidates[start].form.tokens)
            var seen: [String: Int] = [:]
            for candidate in candidates[start..<end] {
                let words = Set(candidate.form.tokens)
                for word in words { everywhere[word, default: []].insert(entry) }
                guard candidate.name != candidates[start].name else { continue }
                for word in words where word.count >= 3 && !listed.contains(word) { seen[word, default: 0] += 1 }
            }
            for (word, count) in seen where count >= 2 { byWord[word, default: []].insert(entry) }
            start = end
        }
        return byWord.filter { everywhere[$0.key, default: []].count <= 3 }.mapValues { $0.sorted() }
    }

    /// The listed entries behind `matches`, as screened (a reviewer sees
    /// them beside the person; a false positive remembers their content).
    public func entries(of matches: [Match]) -> [SanctionsEntry] {
        let wanted = Set(matches.map { Key(list: $0.list, id: $0.entryID) })
        return entries.filter { wanted.contains(Key(list: $0.list, id: $0.id)) }
    }

    /// An entry across lists: its list and its number there.
    public struct Key: Hashable, Sendable {
        public let list: String
        public let id: Int
        public init(list: String, id: Int) {
            self.list = list
            self.id = id
        }
    }

    /// Whether `entry` is screened by `query` (its kind and its list).
    func screens(_ query: Query, _ entry: SanctionsEntry) -> Bool {
        query.kinds.contains(entry.kind) && (query.lists?.contains(entry.list) ?? true)
    }

    public func screen(_ query: Query) -> [Match] {
        let form = NameForm(query.name)
        guard !form.tokens.isEmpty else { return [] }
        var best: [Int32: (Double, String, String)] = [:]   // entry → score, matched name, how
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
        let queryWeights = form.tokens.indices.map { weight(form, $0) }
        var pairs: [NameAlignment.Pair] = []
        pairs.reserveCapacity(64)
        for position in reached {
            let candidate = candidates[position]
            guard screens(query, entries[Int(candidate.entry)]) else { continue }
            // One short word against a one-word name (a nickname, a mononym) must be that word: Chapo is not
            // Chepe, nor Sapo. Longer ones have consonants enough to meet by sound (Hezbollah, Hizballah).
            if form.tokens.count == 1, candidate.form.tokens.count == 1, form.tokens[0] != candidate.form.tokens[0],
               form.skeletonLetters[0].count < 4 { continue }
            var score = NameAlignment.score(query: form, queryWeights: queryWeights, listed: candidate.form, listedWeights: candidate.weights,
                                            costs: costs, pairs: &pairs)
            if candidate.weak { score *= costs.weakAliasFactor }
            if score >= threshold - 0.2, score > (best[candidate.entry]?.0 ?? 0) {
                best[candidate.entry] = (score, candidate.name, candidate.weak ? "weak a.k.a." : "name")
            }
        }
        // One word is a nickname ("El Chapo"): it meets the entries that go by it.
        if form.tokens.count == 1, let entryPositions = nicknames[form.tokens[0]] {
            for entry in entryPositions where screens(query, entries[Int(entry)]) && (best[entry]?.0 ?? 0) < 0.9 {
                best[entry] = (0.9, form.tokens[0], "nickname")
            }
        }
        var matches: [Match] = []
        for (position, (nameScore, matchedName, how)) in best {
            let entry = entries[Int(position)]
            var score = nameScore
            var reasons = [String(format: "%@ %.2f (%@)", how, nameScore, matchedName)]
            var birthAgreement: BirthAgreement?
            if let birth = query.dateOfBirth, !entry.datesOfBirth.isEmpty {
                if entry.datesOfBirth.contains(where: { Self.agrees($0, birth) }) {
                    score += 0.05; reasons.append("date of birth agrees"); birthAgreement = .agrees
                } else if entry.datesOfBirth.contains(where: { abs($0.year - birth.year) <= 1 }) {
                    reasons.append("date of birth within a year"); birthAgreement = .withinAYear
                } else {
                    score -= 0.15; reasons.append("date of birth differs"); birthAgreement = .differs
                }
            }
            if let nationality = query.nationality {
                if !entry.nationalities.isEmpty {
                    if entry.nationalities.contains(where: { Self.sameCountry($0, nationality) }) {
                        score += 0.03; reasons.append("nationality agrees")
                    } else {
                        score -= 0.1; reasons.append("nationality differs")
                    }
                } else if entry.addressCountries.contains(where: { Self.sameCountry($0, nationality) }) {
                    // An address is not a nationality: it can support a match, never count against one.
                    score += 0.02; reasons.append("an address in the same country")
                }
            }
            score = min(1, score)
            if score >= threshold {
                matches.append(Match(list: entry.list, listVersion: versions[entry.list], entryID: entry.id, reference: entry.listReference,
                                     listedName: entry.name, matchedName: matchedName, kind: entry.kind,
                                     programs: entry.programs, score: (score * 1000).rounded() / 1000, reasons: reasons,
                                     dateOfBirth: birthAgreement))
            }
        }
        return Self.ordered(matches)
    }

    /// Best first; at equal scores public lists first (in `SanctionsListID.publicLists` order), then by entry.
    public static func ordered(_ matches: [Match]) -> [Match] {
        matches.sorted {
            $0.score != $1.score ? $0.score > $1.score : $0.list != $1.list ? SanctionsListID.sortKey($0.list) < SanctionsListID.sortKey($1.list) : $0.entryID < $1.entryID
        }
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
    static func jaroWinkler(_ a: String, _ b: String) -> Double { WordSimilarity.jaroWinkler(Array(a.utf8), Array(b.utf8)) }
}
