import DocgenManifest
import Foundation
@testable import VerityCore

/// The synthetic documents of tools/docgen/generate.py with their ground truth.
/// scripts/test.sh generates them into .build/docgen (or VERITY_DOCGEN_DIR).
struct GeneratedDocuments {
    typealias Sample = DocgenManifest.Sample

    let directory: URL
    /// Genuine documents.
    let samples: [Sample]
    /// The same documents with another person's photo over the portrait.
    let forgeries: [Sample]
    /// Egyptian cards with something over or through one side.
    let anomalous: [Sample]

    static let shared: GeneratedDocuments = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let path = ProcessInfo.processInfo.environment["VERITY_DOCGEN_DIR"] ?? root.appendingPathComponent(".build/docgen").path
        let directory = URL(fileURLWithPath: path)
        guard let truth = try? DocgenManifest.load(directory: directory) else {
            fatalError("No generated documents in \(path): run scripts/generate-test-documents.sh (scripts/test.sh does).")
        }
        return GeneratedDocuments(directory: directory, samples: truth.samples, forgeries: truth.forgeries, anomalous: truth.anomalous)
    }()

    func bytes(_ file: String) -> [UInt8] {
        [UInt8]((try? Data(contentsOf: directory.appendingPathComponent(file))) ?? Data())
    }

    func samples(kind: String) -> [Sample] { samples.filter { $0.kind == kind } }
    func forgeries(kind: String) -> [Sample] { forgeries.filter { $0.kind == kind } }

    static let today = CalendarDate(year: 2026, month: 11, day: 22)!
}

/// Share of successes per degradation, printed so the test log doubles as the accuracy table.
struct AccuracyTable {
    private(set) var counts: [String: (hits: Int, total: Int)] = [:]

    mutating func record(_ degradation: String, _ hit: Bool) {
        var entry = counts[degradation, default: (0, 0)]
        entry.total += 1
        if hit { entry.hits += 1 }
        counts[degradation] = entry
    }

    func rate(_ degradation: String) -> Double {
        guard let entry = counts[degradation], entry.total > 0 else { return 0 }
        return Double(entry.hits) / Double(entry.total)
    }

    func rate(excluding excluded: Set<String>) -> Double {
        let kept = counts.filter { !excluded.contains($0.key) }.values
        let total = kept.reduce(0) { $0 + $1.total }
        return total == 0 ? 0 : Double(kept.reduce(0) { $0 + $1.hits }) / Double(total)
    }

    func summary(_ title: String) -> String {
        title + ": " + counts.keys.sorted().map { "\($0) \(counts[$0]!.hits)/\(counts[$0]!.total)" }.joined(separator: ", ")
    }
}
