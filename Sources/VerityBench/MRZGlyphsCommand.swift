import ArgumentParser
import Foundation
import VerityCore
import VerityVision

/// Cuts labelled glyphs from real MRZ scans for the classifier's training
/// (tools/mrzmodel/train_mrz.py --real): every image whose MRZ reads with all
/// check digits valid gives its cells, each with exactly the features the
/// reader computed and the character the repaired reading holds there, at the
/// positions that reading confirms (check-digit fields and country codes; a
/// name's letters carry no check and may hold the reader's own errors). The
/// line read whose text is nearest the repaired line (at most a quarter of its
/// cells apart) is the one its cells are taken from.
struct MRZGlyphsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "mrz-glyphs", abstract: "Cut labelled MRZ glyphs from real scans.")

    @Option(help: "Folder of images (searched recursively for .png, .jpg, .jpeg).") var dir: String
    @Option(help: "Where to write the glyphs: document, character, features (comma-separated), one per line.") var out: String

    func run() throws {
        let today = CalendarDate(year: 2026, month: 11, day: 22)!
        var rows: [String] = [], documents = 0
        for file in SpecimenBenchCommand.images(under: URL(fileURLWithPath: dir)) {
            let name = String(file.path.dropFirst(URL(fileURLWithPath: dir).path.count + 1))
            let recorder = MRZGlyphRecorder()
            let reading = MRZGlyphRecorder.$current.withValue(recorder) {
                try? MRZImageReader(today: today).read(imageBytes: [UInt8](Data(contentsOf: file)))
            }
            guard let result = reading?.result, result.valid else { continue }
            var cut = 0
            let confirmed = result.format.confirmedPositions
            for (index, line) in result.lines.enumerated() {
                let truth = Array(line)
                let nearest = recorder.lines.filter { $0.text.count == truth.count }
                    .min { Self.distance($0.text, truth) < Self.distance($1.text, truth) }
                guard let nearest, Self.distance(nearest.text, truth) * 4 <= truth.count else { continue }
                for (position, (character, features)) in zip(truth, nearest.features).enumerated() {
                    guard let features, confirmed.indices.contains(index), confirmed[index].indices.contains(position),
                          confirmed[index][position] else { continue }
                    rows.append("\(name)\t\(character)\t" + features.map { String(format: "%.5f", $0) }.joined(separator: ","))
                    cut += 1
                }
            }
            if cut > 0 { documents += 1 }
        }
        try (rows.joined(separator: "\n") + "\n").write(toFile: out, atomically: true, encoding: .utf8)
        print("mrz-glyphs: \(rows.count) glyphs from \(documents) documents")
    }

    static func distance(_ text: String, _ truth: [Character]) -> Int {
        zip(text, truth).filter { $0 != $1 }.count
    }
}
