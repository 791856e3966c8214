import Foundation
import Testing
@testable import VerityCore

/// The matcher's recall and false-positive rate on the real SDN list: listed
/// people written as typists and transliterators write them
/// (`SanctionsVariants`), and ordinary people's names from Faker's lists in 30
/// locales (`tools/sanctions/ordinary-names.tsv`) that must not hit. The
/// figures are printed (`sanctions recall` / `sanctions false positives`) and
/// published in docs/mobile.md; the floors below fail the suite if a matcher
/// change makes them worse.
@Suite("Sanctions matcher evaluation")
struct SanctionsEvaluationTests {
    static let people = 500
    static let seed: UInt64 = 2024_05_03

    static let entries: [SanctionsEntry] = {
        let text = (try? String(contentsOfFile: OFACListTests.file, encoding: .utf8)) ?? ""
        return (try? OFACList.parse(csv: text)) ?? []
    }()

    /// `(locale, name)` pairs, less any whose words are exactly a listed name's or alias's (those are list names).
    static func ordinaryNames() throws -> (kept: [(String, String)], listNames: Int) {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../tools/sanctions/ordinary-names.tsv").standardized
        let rows = try String(contentsOf: file, encoding: .utf8).split(whereSeparator: \.isNewline)
            .filter { !$0.hasPrefix("#") }
            .map { $0.split(separator: "\t", maxSplits: 1).map(String.init) }
            .filter { $0.count == 2 }
        var listed = Set<[String]>()
        for entry in entries { for name in [entry.name] + entry.aliases { listed.insert(NameForm(name).tokens.sorted()) } }
        let kept = rows.filter { !listed.contains(NameForm($0[1]).tokens.sorted()) }.map { ($0[0], $0[1]) }
        return (kept, rows.count - kept.count)
    }

    @Test func listedPeopleAreFoundWhicheverWayTheirNamesAreWritten() throws {
        try #require(!Self.entries.isEmpty, "the SDN list at \(OFACListTests.file) did not load")
        let matcher = SanctionsMatcher(entries: Self.entries)
        let byID = Dictionary(uniqueKeysWithValues: Self.entries.map { ($0.id, $0) })
        let variants = SanctionsVariants.make(from: Self.entries, count: Self.people, seed: Self.seed)
        var random = SplitMix64(seed: Self.seed)
        var found: [SanctionsVariants.Kind: (hit: Int, of: Int)] = [:]
        var foundWithIdentity = (hit: 0, of: 0)
        var missed: [String] = []
        for variant in variants {
            let hit = matcher.screen(.init(name: variant.name)).contains { $0.entryID == variant.entryID }
            found[variant.kind, default: (0, 0)].of += 1
            if hit { found[variant.kind, default: (0, 0)].hit += 1 } else if missed.count < 40 { missed.append("\(variant.kind.rawValue): \(variant.name) [\(byID[variant.entryID]?.name ?? "")]") }
            // As the compliance flow screens: with the document's date of birth and nationality.
            if let entry = byID[variant.entryID], let birth = entry.datesOfBirth.first {
                let date = DateOfBirth(year: birth.year, month: birth.month ?? Int.random(in: 1...12, using: &random),
                                       day: birth.day ?? Int.random(in: 1...28, using: &random))
                let query = SanctionsMatcher.Query(name: variant.name, dateOfBirth: date, nationality: entry.nationalities.first)
                foundWithIdentity.of += 1
                if matcher.screen(query).contains(where: { $0.entryID == variant.entryID }) { foundWithIdentity.hit += 1 }
            }
        }
        for kind in SanctionsVariants.Kind.allCases { if let (hit, of) = found[kind] { print("sanctions recall (\(kind.rawValue)): \(Self.figure(hit, of))") } }
        let hits = found.values.map(\.hit).reduce(0, +), total = found.values.map(\.of).reduce(0, +)
        print("sanctions recall (all, name only): \(Self.figure(hits, total)) over \(Self.people) listed people")
        print("sanctions recall (all, with date of birth and nationality): \(Self.figure(foundWithIdentity.hit, foundWithIdentity.of))")
        print("sanctions missed (first 40): \(missed.joined(separator: " | "))")
        // Floors a little under the figures published in docs/mobile.md (96.4 % overall, 87.7 % the weakest kind).
        #expect(Double(hits) / Double(total) >= 0.95)
        for (kind, (hit, of)) in found { #expect(Double(hit) / Double(of) >= 0.8, "\(kind.rawValue): \(Self.figure(hit, of))") }
        #expect(Double(foundWithIdentity.hit) / Double(foundWithIdentity.of) >= 0.95)
    }

    @Test func ordinaryPeopleAreNotFlagged() throws {
        try #require(!Self.entries.isEmpty, "the SDN list at \(OFACListTests.file) did not load")
        let matcher = SanctionsMatcher(entries: Self.entries)
        let (names, listNames) = try Self.ordinaryNames()
        var random = SplitMix64(seed: Self.seed)
        var flagged: [String: (nameOnly: Int, withIdentity: Int, of: Int)] = [:]
        var examples: [String] = []
        for (locale, name) in names {
            let country = String(locale.suffix(2))
            let birth = DateOfBirth(year: Int.random(in: 1940...2006, using: &random), month: Int.random(in: 1...12, using: &random),
                                    day: Int.random(in: 1...28, using: &random))
            let nameOnly = matcher.screen(.init(name: name))
            let withIdentity = matcher.screen(.init(name: name, dateOfBirth: birth, nationality: country))
            flagged[locale, default: (0, 0, 0)].of += 1
            if !nameOnly.isEmpty {
                flagged[locale, default: (0, 0, 0)].nameOnly += 1
                if examples.count < 40 { examples.append("\(name) → \(nameOnly[0].listedName) \(nameOnly[0].score)") }
            }
            if !withIdentity.isEmpty { flagged[locale, default: (0, 0, 0)].withIdentity += 1 }
        }
        for locale in flagged.keys.sorted() {
            let (nameOnly, withIdentity, of) = flagged[locale]!
            if nameOnly > 0 { print("sanctions false positives (\(locale)): \(nameOnly) of \(of) by name, \(withIdentity) with date of birth and nationality") }
        }
        let nameOnly = flagged.values.map(\.nameOnly).reduce(0, +), withIdentity = flagged.values.map(\.withIdentity).reduce(0, +)
        print("sanctions false positives (all, name only): \(Self.figure(nameOnly, names.count)); \(listNames) names left out as list names")
        print("sanctions false positives (all, with date of birth and nationality): \(Self.figure(withIdentity, names.count))")
        print("sanctions false-positive examples: \(examples.joined(separator: " | "))")
        // Ceilings a little over the figures published in docs/mobile.md (1.4 % by name, 0.4 % with the identity).
        #expect(Double(nameOnly) / Double(names.count) <= 0.02)
        #expect(Double(withIdentity) / Double(names.count) <= 0.0075)
    }

    static func figure(_ part: Int, _ whole: Int) -> String {
        String(format: "%d of %d (%.1f %%)", part, whole, whole == 0 ? 0 : 100 * Double(part) / Double(whole))
    }
}
