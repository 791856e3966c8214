import Foundation

/// How well a query name meets one listed name: the query's words paired with
/// the listed words in any order (two neighbouring words may meet one written
/// joined), each pair weighted by how telling the listed word is, less what
/// either side has that the other lacks, priced by what the word is.
struct NameAlignment {
    /// What the matcher's constants are; set on a tuning set (docs/mobile.md), not on the measured one.
    struct Costs: Sendable {
        /// Share of a listed word's weight lost when the query lacks it, by its part.
        var missingUnknown = 0.2
        var missingSurname = 0.5
        var missingLaterSurname = 0.2
        var missingFirstGiven = 0.3
        var missingGiven = 0.1
        var missingLineage = 0.03
        var missingInitial = 0.03
        /// Share of a query word's weight lost when the name lacks it (a query's patronymic: `missingLineage`-like, 0.3).
        var extraQueryWord = 1.0
        var extraQueryPatronymic = 0.3
        /// How much less a weak a.k.a. counts.
        var weakAliasFactor = 0.95
        /// The weight of a noise word (Ltd, Company).
        var noiseWeight = 0.3
    }

    struct Pair {
        var similarity: Double
        var query: Int
        var queryEnd: Int   // == query + 1 when two query words meet one listed word joined
        var listed: Int
        var listedEnd: Int
    }

    /// The score (0–1), or 0 when the name cannot be meant.
    static func score(query: NameForm, queryWeights: [Double], listed: NameForm, listedWeights: [Double], costs: Costs,
                      pairs: inout [Pair]) -> Double {
        pairs.removeAll(keepingCapacity: true)
        let qCount = query.tokens.count, lCount = listed.tokens.count
        for i in 0..<qCount {
            for j in 0..<lCount {
                let similarity = WordSimilarity.score(query.letters[i], query.skeletonLetters[i], query.velarSkeletonLetters[i],
                                                      listed.letters[j], listed.skeletonLetters[j], listed.velarSkeletonLetters[j],
                                                      script: query.scripts[i], query.syllableLetters[i], listed.syllableLetters[j])
                if similarity >= 0.8 { pairs.append(Pair(similarity: similarity, query: i, queryEnd: i, listed: j, listedEnd: j)) }
            }
        }
        // Words written joined on one side and apart on the other: only close matches count.
        for i in 0..<max(0, qCount - 1) {
            for j in 0..<lCount where listed.letters[j].count >= 4 {
                let similarity = WordSimilarity.score(query.joinedLetters[i], query.joinedSkeletonLetters[i], nil,
                                                      listed.letters[j], listed.skeletonLetters[j], nil,
                                                      script: query.scripts[i], query.joinedSyllableLetters[i], listed.syllableLetters[j])
                if similarity >= 0.9 { pairs.append(Pair(similarity: similarity, query: i, queryEnd: i + 1, listed: j, listedEnd: j)) }
            }
        }
        for j in 0..<max(0, lCount - 1) {
            for i in 0..<qCount where query.letters[i].count >= 4 {
                let similarity = WordSimilarity.score(query.letters[i], query.skeletonLetters[i], nil,
                                                      listed.joinedLetters[j], listed.joinedSkeletonLetters[j], nil,
                                                      script: query.scripts[i], query.syllableLetters[i], listed.joinedSyllableLetters[j])
                if similarity >= 0.9 { pairs.append(Pair(similarity: similarity, query: i, queryEnd: i, listed: j, listedEnd: j + 1)) }
            }
        }
        guard pairs.count >= min(2, qCount) else { return 0 }
        // Best pairs first; at equal similarity the one covering more words.
        pairs.sort { $0.similarity != $1.similarity ? $0.similarity > $1.similarity
            : ($0.queryEnd - $0.query + $0.listedEnd - $0.listed) > ($1.queryEnd - $1.query + $1.listedEnd - $1.listed) }
        var usedQuery: UInt64 = 0, usedListed: UInt64 = 0
        var matchedWeight = 0.0, possibleWeight = 0.0
        var whole = 0
        var surnameMet = false
        for pair in pairs {
            let queryMask = bits(pair.query, pair.queryEnd), listedMask = bits(pair.listed, pair.listedEnd)
            guard usedQuery & queryMask == 0, usedListed & listedMask == 0 else { continue }
            usedQuery |= queryMask; usedListed |= listedMask
            var weight = 0.0
            for j in pair.listed...pair.listedEnd {
                weight += listedWeights[j]
                if listed.parts[j] == .surname || listed.parts[j] == .laterSurname { surnameMet = true }
            }
            matchedWeight += pair.similarity * weight
            possibleWeight += weight
            let initial = pair.query == pair.queryEnd && query.letters[pair.query].count == 1
                || pair.listed == pair.listedEnd && listed.letters[pair.listed].count == 1
            let noise = pair.listed == pair.listedEnd && listed.noise[pair.listed]
            if !initial && !noise { whole += 1 }
        }
        // A single word only matches a single-word name; otherwise two whole words must match,
        // or the one word that says who is named (ROSNEFT of ROSNEFT TRADING S.A.).
        guard (qCount == 1 && lCount == 1) || whole >= 2 || (whole == 1 && telling(listed) == 1) else { return 0 }
        // Where the list says which word is the surname, it must be among those matched.
        if !surnameMet, listed.parts.contains(.surname) { return 0 }
        for i in 0..<qCount where usedQuery & (1 << UInt64(i)) == 0 {
            let share = NameForm.isPatronymic(query.tokens[i]) ? costs.extraQueryPatronymic : costs.extraQueryWord
            possibleWeight += share * queryWeights[i]
        }
        for j in 0..<lCount where usedListed & (1 << UInt64(j)) == 0 {
            let byPart: Double = switch listed.parts[j] {
            case .unknown: costs.missingUnknown
            case .surname: costs.missingSurname
            case .laterSurname: costs.missingLaterSurname
            case .firstGiven: costs.missingFirstGiven
            case .given: costs.missingGiven
            case .lineage: costs.missingLineage
            }
            // A missing initial says little (the S.A. of a company, a middle initial).
            let share = listed.letters[j].count == 1 ? costs.missingInitial : byPart
            possibleWeight += share * listedWeights[j]
        }
        return possibleWeight > 0 ? matchedWeight / possibleWeight : 0
    }

    /// How many of a name's words say who is named: not legal forms or generic words, not initials.
    static func telling(_ form: NameForm) -> Int {
        form.tokens.indices.reduce(0) { $0 + (form.noise[$1] || form.letters[$1].count == 1 ? 0 : 1) }
    }

    /// Positions `from...to` as bits (names of more than 64 words are compared on their first 64).
    static func bits(_ from: Int, _ to: Int) -> UInt64 {
        guard from < 64 else { return 0 }
        let upper = min(to, 63)
        return (upper - from == 63 ? UInt64.max : ((1 << UInt64(upper - from + 1)) - 1)) << UInt64(from)
    }
}
