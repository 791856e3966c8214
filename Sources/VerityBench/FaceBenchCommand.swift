import ArgumentParser
import DocgenManifest
import Dispatch
import Foundation
import VerityCore
import VerityVision

/// The face engine on the same photos bench/faces.py gives face_recognition:
/// detect + embed + compare per pair of johns photos, age per face, and the
/// full selfie-vs-document decision on generated documents. Prints JSON.
struct FaceBenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "faces", abstract: "Benchmark the face engine.")

    @Option(help: "Folder of per-person photo folders (dlib's johns).") var johns: String
    @Option(help: "Directory of tools/docgen output (documents with real portraits).") var documents: String
    @Option(help: "Directory of tools/attacks output (real photos and recaptures).") var attacks: String
    @Option(help: "Face models directory.") var models: String = "models"
    @Option(help: "Where to write the JSON results.") var out: String

    func run() throws {
        let engine = try FaceEngine(modelsDirectory: models)
        let base = URL(fileURLWithPath: johns)
        var files: [(String, String)] = []
        for person in try FileManager.default.contentsOfDirectory(atPath: base.path).sorted() {
            for file in try FileManager.default.contentsOfDirectory(atPath: base.appendingPathComponent(person).path).sorted() {
                files.append((person, "\(person)/\(file)"))
            }
        }
        // Pairs: each photo with the next (same person mostly) and with one of another person.
        var pairs: [(String, String)] = []
        for (index, file) in files.enumerated() {
            pairs.append((file.1, files[(index + 1) % files.count].1))
            pairs.append((file.1, files[(index + 11) % files.count].1))
        }
        func bytes(_ path: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: base.appendingPathComponent(path))) }
        _ = try engine.compare(try bytes(pairs[0].0), try bytes(pairs[0].1))  // load the networks once

        var start = DispatchTime.now().uptimeNanoseconds
        for (a, b) in pairs { _ = try engine.compare(try bytes(a), try bytes(b)) }
        let pairMs = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6 / Double(pairs.count)

        start = DispatchTime.now().uptimeNanoseconds
        for file in files { _ = try engine.estimateAge(try bytes(file.1)) }
        let ageMs = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6 / Double(files.count)

        // Selfie (a johns photo of the holder) against the whole document capture.
        let docs = URL(fileURLWithPath: documents)
        let manifest = try DocgenManifest.load(directory: docs)
        var decisions: [Double] = []
        for sample in manifest.samples where sample.kind == "passport" {
            guard let person = sample.truth["portrait_person"]?.text, let used = sample.truth["portrait_photo"]?.text,
                  let selfie = files.first(where: { $0.0 == person && !$0.1.hasSuffix(used) }) else { continue }
            let document = [UInt8](try Data(contentsOf: docs.appendingPathComponent(sample.files[0])))
            let selfieBytes = try bytes(selfie.1)
            let begin = DispatchTime.now().uptimeNanoseconds
            _ = try engine.compare(selfieBytes, document)
            decisions.append(Double(DispatchTime.now().uptimeNanoseconds - begin) / 1e6)
        }
        decisions.sort()

        // Passive liveness signals on every image of the attack set.
        let attackBase = URL(fileURLWithPath: attacks)
        let images = try FileManager.default.contentsOfDirectory(atPath: attackBase.path).filter { $0.hasSuffix(".jpg") || $0.hasSuffix(".png") }.sorted()
        var liveness = LatencyStats()
        for image in images {
            let data = [UInt8](try Data(contentsOf: attackBase.appendingPathComponent(image)))
            let begin = DispatchTime.now().uptimeNanoseconds
            _ = try engine.livenessSignals(data)
            liveness.add(Double(DispatchTime.now().uptimeNanoseconds - begin) / 1e6)
        }

        // The portrait check on each document front, on top of reading it.
        var portraits = LatencyStats()
        for sample in manifest.all where !sample.isAnomalous && ["passport", "id_card", "driver_licence", "egypt_id"].contains(sample.kind) {
            let page = try DocumentPages.flattened(try ImageDecoder().decode([UInt8](try Data(contentsOf: docs.appendingPathComponent(sample.files[0])))))
            let begin = DispatchTime.now().uptimeNanoseconds
            _ = engine.inspectPortrait(page: page)
            portraits.add(Double(DispatchTime.now().uptimeNanoseconds - begin) / 1e6)
        }
        let results: [String: Any] = [
            "pairs": pairs.map { [$0.0, $0.1] }, "msPerPair": pairMs,
            "faces": files.map(\.1), "msPerAge": ageMs,
            "documentDecisions": decisions.count,
            "documentDecisionMeanMs": decisions.reduce(0, +) / Double(max(1, decisions.count)),
            "documentDecisionMaxMs": decisions.last ?? 0,
            "livenessImages": images.count, "livenessMeanMs": liveness.mean, "livenessMaxMs": liveness.percentile(100),
            "portraitChecks": portraits.samples.count, "portraitMeanMs": portraits.mean, "portraitMaxMs": portraits.percentile(100),
        ]
        try JSONSerialization.data(withJSONObject: results, options: [.prettyPrinted, .sortedKeys]).write(to: URL(fileURLWithPath: out))
        print("verity-bench faces: wrote \(out)")
    }
}
