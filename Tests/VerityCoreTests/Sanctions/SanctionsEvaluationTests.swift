import Foundation
import Testing
@testable import VerityCore

/// The matcher's recall and false-positive rate on the real SDN list with its
/// alternate names. Positives: listed people written as typists and
/// transliterators write them (`SanctionsVariants`), every listed individual
/// as first name and surname, every a.k.a. and weak a.k.a., and the people
/// whose names the list gives in Chinese too (`tools/sanctions/chinese-names.tsv`).
/// Negatives: ordinary people's names from Faker's lists in 65 locales
/// (`tools/sanctions/ordinary-names.tsv`). The figures are printed
/// (`sanctions recall …` / `sanctions false positives …`) and published in
/// docs/mobile.md; the floors below fail the suite if a matcher change makes
/// them worse. The matcher's constants were set on other names (a tuning set
/// from other Faker seeds, other variants, half the list), never on these.
///
/// The whole sets take some two minutes in a debug build, so the suite
/// screens every `sampleStride`-th query of each set unless
/// `VERITY_SANCTIONS_EVAL=full` is set; docs/mobile.md's figures come from a
/// full run.
@Suite("Sanctions matcher evaluation")
struct SanctionsEvaluationTests {
    static let people = 500
    static let seed: UInt64 = 2024_05_03
    static let sampleStride = ProcessInfo.processInfo.environment["VERITY_SANCTIONS_EVAL"] == "full" ? 1 : 4

    /// Every `sampleStride`-th element, from the first.
    static func sample<T>(_ items: [T]) -> [T] { Swift.stride(from: 0, to: items.count, by: sampleStride).map { items[$0] } }

    static let entries: [SanctionsEntry] = OFACListTests.joined?.entries ?? []
    static let matcher = SanctionsMatcher(entries: entries)
    static let byID = Dictionary(uniqueKeysWithValues: entries.map { ($0.id, $0) })

    static func tools(_ file: String) -> URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../tools/sanctions/\(file)").standardized
    }

    /// A tab-separated file's rows, less its comments.
    static func rows(_ file: String) throws -> [[String]] {
        try String(contentsOf: tools(file), encoding: .utf8).split(whereSeparator: \.isNewline)
            .filter { !$0.hasPrefix("#") }.map { $0.split(separator: "\t").map(String.init) }
    }

    /// `(locale, name)` pairs, less any that is a listed name or alias word for
    /// word, however the words are joined or ordered (those are list names: a
    /// "Jian Ping Yang" is YANG, Jianping).
    static func ordinaryNames(listed entries: [SanctionsEntry] = entries) throws -> (kept: [(String, String)], listNames: Int) {
        let rows = try String(contentsOf: tools("ordinary-names.tsv"), encoding: .utf8).split(whereSeparator: \.isNewline)
            .filter { !$0.hasPrefix("#") }
            .map { $0.split(separator: "\t", maxSplits: 1).map(String.init) }
            .filter { $0.count == 2 }
        func rotations(_ tokens: [String]) -> [String] { tokens.indices.map { (Array(tokens[$0...]) + Array(tokens[..<$0])).joined() } }
        var listed = Set<String>()
        for entry in entries { for name in entry.allNames { listed.formUnion(rotations(NameForm(name).tokens)) } }
        let kept = rows.filter { !rotations(NameForm($0[1]).tokens).contains(where: listed.contains) }.map { ($0[0], $0[1]) }
        return (kept, rows.count - kept.count)
    }

    /// Counts hits per kind of query, and keeps the first misses to print.
    struct Tally {
        var found: [String: (hit: Int, of: Int)] = [:]
        var order: [String] = []
        var missed: [String] = []

        mutating func count(_ kind: String, hit: Bool, _ example: @autoclosure () -> String) {
            if found[kind] == nil { order.append(kind) }
            found[kind, default: (0, 0)].of += 1
            if hit { found[kind, default: (0, 0)].hit += 1 } else if missed.count < 30 { missed.append("\(kind): \(example())") }
        }

        func rate(_ kind: String) -> Double { found[kind].map { Double($0.hit) / Double(max(1, $0.of)) } ?? 0 }
    }

    func found(_ name: String, _ entryID: Int) -> Bool { Self.matcher.screen(.init(name: name)).contains { $0.entryID == entryID } }

    @Test func listedPeopleAreFoundWhicheverWayTheirNamesAreWritten() throws {
        try #require(!Self.entries.isEmpty, "the SDN list at \(OFACListTests.file) did not load")
        // Variants are made from the SDN file alone (its remarks' a.k.a.s), as before alt.csv was read.
        let sdn = try OFACList.parse(csv: try String(contentsOfFile: OFACListTests.file, encoding: .utf8))
        let asBefore = sdn.map { entry -> SanctionsEntry in var entry = entry; entry.aliases = entry.weakAliases; return entry }
        let variants = SanctionsVariants.make(from: asBefore, count: Self.people, seed: Self.seed)
        var random = SplitMix64(seed: Self.seed)
        var tally = Tally()
        var withIdentity = (hit: 0, of: 0)
        for variant in Self.sample(variants) {
            tally.count(variant.kind.rawValue, hit: found(variant.name, variant.entryID), "\(variant.name) [\(Self.byID[variant.entryID]?.name ?? "")]")
            // As the compliance flow screens: with the document's date of birth and nationality.
            if let entry = Self.byID[variant.entryID], let birth = entry.datesOfBirth.first {
                let date = DateOfBirth(year: birth.year, month: birth.month ?? Int.random(in: 1...12, using: &random),
                                       day: birth.day ?? Int.random(in: 1...28, using: &random))
                let query = SanctionsMatcher.Query(name: variant.name, dateOfBirth: date, nationality: entry.nationalities.first)
                withIdentity.of += 1
                if Self.matcher.screen(query).contains(where: { $0.entryID == variant.entryID }) { withIdentity.hit += 1 }
            }
        }
        for kind in tally.order { print("sanctions recall (\(kind)): \(Self.figure(tally.found[kind]!.hit, tally.found[kind]!.of))") }
        let hits = tally.found.values.map(\.hit).reduce(0, +), total = tally.found.values.map(\.of).reduce(0, +)
        print("sanctions recall (all variants, name only): \(Self.figure(hits, total)) over \(Self.people) listed people, every \(Self.sampleStride == 1 ? "variant" : "\(Self.sampleStride)th variant")")
        print("sanctions recall (all variants, with date of birth and nationality): \(Self.figure(withIdentity.hit, withIdentity.of))")
        print("sanctions missed (first 30): \(tally.missed.joined(separator: " | "))")
        // Floors a little under the figures published in docs/mobile.md (95.4 % overall, 80 % the weakest kind).
        #expect(Double(hits) / Double(total) >= 0.94)
        for kind in tally.order { #expect(tally.rate(kind) >= 0.75, "\(kind): \(Self.figure(tally.found[kind]!.hit, tally.found[kind]!.of))") }
        #expect(Double(withIdentity.hit) / Double(withIdentity.of) >= 0.95)
    }

    /// Every listed individual as first name and surname (what a newspaper
    /// prints), every a.k.a. and weak a.k.a. given-names first, and the
    /// Chinese names the list gives as Chinese Commercial Codes, in Han characters.
    @Test func everyListedPersonIsFoundByFirstNameAndSurnameAndByEachAlias() throws {
        try #require(!Self.entries.isEmpty, "the SDN list at \(OFACListTests.file) did not load")
        var tally = Tally()
        for entry in Self.sample(Self.entries.filter { $0.kind == .individual }) {
            let (given, surname) = SanctionsVariants.split(entry.name)
            // The first given name that is a name, not a title (Dr., Haji, General).
            if let first = given.first(where: { !NameForm($0).tokens.isEmpty && !NameForm.particles.contains($0.lowercased().trimmingCharacters(in: .punctuationCharacters)) }),
               !surname.isEmpty {
                let name = ([first] + surname).joined(separator: " ")
                tally.count("first name and surname", hit: found(name, entry.id), "\(name) [\(entry.name)]")
            }
            for (kind, aliases) in [("a.k.a. (alt.csv)", entry.aliases), ("weak a.k.a. (remarks)", entry.weakAliases)] {
                for alias in aliases {
                    let (aliasGiven, aliasSurname) = SanctionsVariants.split(alias)
                    let name = (aliasGiven + aliasSurname).joined(separator: " ")
                    tally.count(kind, hit: found(name, entry.id), "\(name) [\(entry.name)]")
                }
            }
        }
        for row in try Self.rows("chinese-names.tsv") {
            tally.count("Chinese, as the list's telegraph codes give it", hit: found(row[3], Int(row[0])!), "\(row[3]) [\(row[1])]")
        }
        // Arabic and Cyrillic as the people's own-language Wikipedia articles write them (the list gives neither).
        for row in try Self.rows("script-names.tsv") {
            tally.count("\(row[2]), as written in that script", hit: found(row[3], Int(row[0])!), "\(row[3]) [\(row[1])]")
        }
        for kind in tally.order { print("sanctions recall (\(kind)): \(Self.figure(tally.found[kind]!.hit, tally.found[kind]!.of))") }
        print("sanctions missed (first 30): \(tally.missed.joined(separator: " | "))")
        #expect(tally.found["Arabic, as written in that script"]?.of == 26)
        #expect(tally.rate("Arabic, as written in that script") >= 0.9)
        #expect(tally.found["Cyrillic, as written in that script"]?.of == 25)
        #expect(tally.rate("Cyrillic, as written in that script") >= 0.99)
        // Floors a little under docs/mobile.md: 97.6 %, 100 %, 99.6 %, 12 of 12; 24 of 26 and 25 of 25 above.
        #expect(tally.rate("first name and surname") >= 0.96)
        #expect(tally.rate("a.k.a. (alt.csv)") >= 0.99)
        #expect(tally.rate("weak a.k.a. (remarks)") >= 0.98)
        #expect(tally.found["Chinese, as the list's telegraph codes give it"]?.of == 12)
        #expect(tally.rate("Chinese, as the list's telegraph codes give it") >= 0.99)
    }

    /// Against OFAC's list alone, and against every list (OFAC's, the UN's, BIS's) as a server holding them all screens.
    @Test(arguments: [false, true])
    func ordinaryPeopleAreNotFlagged(everyList: Bool) throws {
        try #require(!Self.entries.isEmpty, "the SDN list at \(OFACListTests.file) did not load")
        let matcher = everyList ? UNConsolidatedListTests.everyList : Self.matcher
        try #require(!everyList || matcher.candidateCount > Self.matcher.candidateCount + 4_000, "the UN and BIS lists did not load")
        let lists = everyList ? "every list" : "OFAC"
        let (names, listNames) = try Self.ordinaryNames(listed: everyList ? matcher.entries : Self.entries)
        let screened = Self.sample(names)
        var random = SplitMix64(seed: Self.seed)
        var flagged: [String: (nameOnly: Int, withIdentity: Int, of: Int)] = [:]
        var examples: [String] = []
        for (locale, name) in screened {
            let country = String(locale.suffix(2))
            let birth = DateOfBirth(year: Int.random(in: 1940...2006, using: &random), month: Int.random(in: 1...12, using: &random),
                                    day: Int.random(in: 1...28, using: &random))
            let nameOnly = matcher.screen(.init(name: name))
            let withIdentity = matcher.screen(.init(name: name, dateOfBirth: birth, nationality: country))
            flagged[locale, default: (0, 0, 0)].of += 1
            if !nameOnly.isEmpty {
                flagged[locale, default: (0, 0, 0)].nameOnly += 1
                if examples.count < 60 { examples.append("\(name) → \(nameOnly[0].matchedName) \(nameOnly[0].score)") }
            }
            if !withIdentity.isEmpty { flagged[locale, default: (0, 0, 0)].withIdentity += 1 }
        }
        for locale in flagged.keys.sorted() {
            let (nameOnly, withIdentity, of) = flagged[locale]!
            if nameOnly > 0 { print("sanctions false positives (\(lists), \(locale)): \(nameOnly) of \(of) by name, \(withIdentity) with date of birth and nationality") }
        }
        let nameOnly = flagged.values.map(\.nameOnly).reduce(0, +), withIdentity = flagged.values.map(\.withIdentity).reduce(0, +)
        print("sanctions false positives (\(lists), all, name only): \(Self.figure(nameOnly, screened.count)); \(listNames) names left out as list names")
        print("sanctions false positives (\(lists), all, with date of birth and nationality): \(Self.figure(withIdentity, screened.count))")
        print("sanctions false-positive examples (\(lists)): \(examples.joined(separator: " | "))")
        // The issue's ceiling (0.5 % by name alone; measured 0.36 %), and 0.1 % with the identity (measured 0).
        #expect(names.count >= 10_000)
        #expect(Double(nameOnly) / Double(screened.count) <= 0.005)
        #expect(Double(withIdentity) / Double(screened.count) <= 0.001)
    }

    static func figure(_ part: Int, _ whole: Int) -> String {
        String(format: "%d of %d (%.1f %%)", part, whole, whole == 0 ? 0 : 100 * Double(part) / Double(whole))
    }
}
