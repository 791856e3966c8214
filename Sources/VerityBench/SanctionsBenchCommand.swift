import ArgumentParser
import Foundation
import VerityCore

/// `make bench-sanctions`: screening with every list loaded against OFAC's
/// list alone (the baseline, same run), and re-screening monitored subjects
/// after a list changes, on one thread.
struct SanctionsBenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "sanctions", abstract: "Screening with every list against OFAC's alone; re-screening after a change.")

    @Option(help: "OFAC's sdn.csv.") var ofac: String
    @Option(help: "OFAC's alt.csv.") var alt: String
    @Option(help: "The UN's consolidated list (XML).") var un: String
    @Option(help: "BIS's Denied Persons List (dpl.txt).") var dpl: String
    @Option(help: "Names to screen, `locale<TAB>name` per line (tools/sanctions/ordinary-names.tsv).") var names: String
    @Option(help: "Rounds of every name through each matcher, alternating (the p95 reported is the rounds' median).") var rounds: Int = 3
    @Option(help: "Monitored subjects re-screened after the change.") var subjects: Int = 100_000
    @Option(help: "Where the figures go as JSON.") var out: String

    struct Figures: Codable {
        var ofacEntries = 0, everyListEntries = 0, names = 0
        var ofacBuildMs = 0.0, everyListBuildMs = 0.0
        var ofacP50Ms = 0.0, ofacP95Ms = 0.0, everyListP50Ms = 0.0, everyListP95Ms = 0.0
        var subjects = 0, changeAdded = 0, changeRemoved = 0, changeChanged = 0
        var diffBuildMs = 0.0, rescreenMs = 0.0, rescreenHits = 0, plantedSubjects = 0, plantedFound = 0, fullRescreenSampleMs = 0.0
    }

    func run() async throws {
        var figures = Figures()
        let ofacEntries = try OFACSupplements.join(sdn: String(contentsOfFile: ofac, encoding: .utf8), alt: String(contentsOfFile: alt, encoding: .utf8),
                                                   add: nil).entries
        let unEntries = try UNConsolidatedList.parse(xml: Array(try Data(contentsOf: URL(fileURLWithPath: un)))).entries
        let dplEntries = try DeniedPersonsList.parse(text: String(contentsOfFile: dpl, encoding: .utf8)).entries
        var started = DispatchTime.now().uptimeNanoseconds
        let ofacMatcher = SanctionsMatcher(entries: ofacEntries)
        figures.ofacBuildMs = milliseconds(since: started)
        started = DispatchTime.now().uptimeNanoseconds
        let everyList = SanctionsMatcher(entries: ofacEntries + unEntries + dplEntries)
        figures.everyListBuildMs = milliseconds(since: started)
        (figures.ofacEntries, figures.everyListEntries) = (ofacEntries.count, ofacEntries.count + unEntries.count + dplEntries.count)
        let queries = try String(contentsOfFile: names, encoding: .utf8).split(whereSeparator: \.isNewline).filter { !$0.hasPrefix("#") }
            .compactMap { $0.split(separator: "\t", maxSplits: 1).last.map(String.init) }
        figures.names = queries.count
        _ = everyList.screen(.init(name: "张磊"))   // ICU's transliterators load on first use
        // Alternating rounds, so the machine's noise falls on both alike.
        var p95s: (ofac: [Double], every: [Double]) = ([], []), p50s: (ofac: [Double], every: [Double]) = ([], [])
        for _ in 0..<rounds {
            let ofacStats = screenAll(queries, ofacMatcher), everyStats = screenAll(queries, everyList)
            p95s.ofac.append(ofacStats.percentile(95)); p95s.every.append(everyStats.percentile(95))
            p50s.ofac.append(ofacStats.percentile(50)); p50s.every.append(everyStats.percentile(50))
        }
        (figures.ofacP95Ms, figures.everyListP95Ms) = (median(p95s.ofac), median(p95s.every))
        (figures.ofacP50Ms, figures.everyListP50Ms) = (median(p50s.ofac), median(p50s.every))
        try rescreen(&figures, unEntries: unEntries, everyList: everyList, queries: queries)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(figures).write(to: URL(fileURLWithPath: out))
    }

    /// The UN list changes (20 entries added, 10 removed, 10 given a new
    /// alias); every monitored subject is screened against what is new or
    /// different, weighed as the whole lists weigh words. Subjects are the
    /// ordinary names with dates of birth, and one in 2,000 carries an added
    /// entry's name, which the re-screen must find.
    func rescreen(_ figures: inout Figures, unEntries: [SanctionsEntry], everyList: SanctionsMatcher, queries: [String]) throws {
        // The last twenty people listed are new in this version.
        let added = Array(unEntries.filter { $0.kind == .individual }.suffix(20))
        let addedIDs = Set(added.map(\.id))
        let before = unEntries.filter { !addedIDs.contains($0.id) }
        var after = unEntries
        let removed = after.prefix(10).map(\.id)
        after.removeFirst(10)
        for index in 10..<20 { after[index].aliases.append("Bench Alias \(index)") }
        let diff = SanctionsListDiff.between(before, after)
        (figures.changeAdded, figures.changeRemoved, figures.changeChanged) = (diff.added.count, diff.removed.count, diff.changed.count)
        precondition(diff.removed.map(\.id) == removed)
        var started = DispatchTime.now().uptimeNanoseconds
        let changes = SanctionsMatcher(entries: diff.screenable, weighing: everyList)
        figures.diffBuildMs = milliseconds(since: started)
        var random = SystemRandomNumberGenerator()
        var subjects: [SanctionsMatcher.Query] = []
        subjects.reserveCapacity(self.subjects)
        var planted: [Int: Int] = [:]   // subject → the added entry's id
        for index in 0..<self.subjects {
            let birth = DateOfBirth(year: Int.random(in: 1940...2006, using: &random), month: Int.random(in: 1...12, using: &random),
                                    day: Int.random(in: 1...28, using: &random))
            if index % 2_000 == 0, let entry = added.randomElement(using: &random) {
                planted[index] = entry.id
                subjects.append(.init(name: entry.name))
            } else {
                subjects.append(.init(name: queries[index % queries.count], dateOfBirth: birth))
            }
        }
        started = DispatchTime.now().uptimeNanoseconds
        var hits = 0, found = 0
        for (index, subject) in subjects.enumerated() {
            let matches = changes.screen(subject)
            hits += matches.isEmpty ? 0 : 1
            if let id = planted[index], matches.contains(where: { $0.entryID == id }) { found += 1 }
        }
        figures.rescreenMs = milliseconds(since: started)
        (figures.subjects, figures.rescreenHits, figures.plantedSubjects, figures.plantedFound) = (subjects.count, hits, planted.count, found)
        // Beside it, the same subjects against every list whole, on a sample of 2,000 (scaled in the report).
        started = DispatchTime.now().uptimeNanoseconds
        for subject in subjects.prefix(2_000) { _ = everyList.screen(subject) }
        figures.fullRescreenSampleMs = milliseconds(since: started)
    }

    func screenAll(_ queries: [String], _ matcher: SanctionsMatcher) -> LatencyStats {
        var stats = LatencyStats()
        for name in queries {
            let started = DispatchTime.now().uptimeNanoseconds
            _ = matcher.screen(.init(name: name, dateOfBirth: DateOfBirth(year: 1975, month: 2, day: 28)))
            stats.add(milliseconds(since: started))
        }
        return stats
    }

    func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
}
