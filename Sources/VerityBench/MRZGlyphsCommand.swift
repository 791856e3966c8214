import ArgumentParser
import Foundation
import VerityCore
import VerityVision

/// Cuts labelled glyphs from real MRZ scans for the classifier's training
/// (tools/mrzmodel/train_mrz.py --real): every image whose MRZ reads with all
/// check digits valid gives its cells, each with exactly the features the
/// reader computed and the character the repaired reading holds there. The
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
            for line in result.lines {
                let truth = Array(line)
                let nearest = recorder.lines.filter { $0.text.count == truth.count }
                    .min { Self.distance($0.text, truth) < Self.distance($1.text, truth) }
                guard let nearest, Self.distance(nearest.text, truth) * 4 <= truth.count else { continue }
                for (character, features) in zip(truth, nearest.features) {
                    guard let features else { continue }
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
