import ArgumentParser
import DocgenManifest
import Dispatch
import Foundation
import VerityChip
import VerityCore
import VerityEngines
import VerityVision

/// The chip's cost against a document check's, the engines' own work in one
/// process (as a worker's child does it): reading a passport page with its
/// selfie; the selfie task with DG2 matched on the same embeddings; the chip
/// task (passive authentication with the chain, DG2 decoded), and without a
/// selfie the chip task matching DG2 to the page; and the parts alone. The ETSI prototype chip and the BSI chip's JPEG 2000
/// face (shared test data); master list imports for scale. Prints JSON.
struct ChipBenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "chip", abstract: "Benchmark passive authentication and the chip's face.")

    @Option(help: "The shared chip sets (../shared/data/chip).") var sets: String
    @Option(help: "Directory of tools/docgen output (passports with real portraits).") var documents: String
    @Option(help: "Folder of per-person photo folders (the selfies).") var johns: String
    @Option(help: "Face models directory.") var models: String = "models"
    @Option(help: "Repetitions of each measure.") var count: Int = 20
    @Option(help: "Where to write the JSON results.") var out: String

    func run() throws {
        let base = URL(fileURLWithPath: sets)
        func file(_ path: String) throws -> Data { try Data(contentsOf: base.appendingPathComponent(path)) }
        let evidence = ChipEvidence(files: [
            .sod: try file("etsi-prototype/EF_SOD.bin"), .dg1: try file("etsi-prototype/DG1.bin"), .dg2: try file("bsi-tr03105/Datagroup2.bin"),
            .dg3: try file("bsi-tr03105/Datagroup3.bin"), .dg4: try file("bsi-tr03105/Datagroup4.bin"), .dg14: try file("etsi-prototype/DG14.bin"),
            .dg15: try file("etsi-prototype/DG15.bin"),
        ])
        let trust = ChipTrust(certificates: [try file("etsi-prototype/ETSI_CSCA_0130846f22c2.der")])
        let manifest = try DocgenManifest.load(directory: URL(fileURLWithPath: documents))
        guard let sample = manifest.samples.first(where: { $0.kind == "passport" && $0.truth["portrait_person"] != nil }),
              let person = sample.truth["portrait_person"]?.text,
              let selfieName = try FileManager.default.contentsOfDirectory(atPath: "\(johns)/\(person)").sorted().last else {
            throw ValidationError("no passport with a portrait in \(documents)")
        }
        let page = try Data(contentsOf: URL(fileURLWithPath: documents).appendingPathComponent(sample.files[0]))
        let selfie = try Data(contentsOf: URL(fileURLWithPath: "\(johns)/\(person)/\(selfieName)"))
        let runner = EngineTaskRunner(modelsDirectory: models)
        let today = CalendarDate(year: 2026, month: 12, day: 7)!
        let inspect = EngineTask.inspect(front: page, back: page, type: .passport, country: "US", today: today)
        let match = EngineTask.selfie(selfie: selfie, document: page, threshold: 0.58)
        // With a selfie, DG2 is matched in the selfie task on the same embeddings; the chip task then matches no face.
        let matchWithChip = EngineTask.selfie(selfie: selfie, document: page, threshold: 0.58, chipDG2: evidence.files[.dg2])
        // As a check whose environment holds no check for a person runs it: passive and active authentication only.
        let chip = EngineTask.chip(ChipCheckTask(evidence: evidence, trust: trust, selfie: nil, documentPage: nil, threshold: 0.58, facePicture: false))
        // Where a check may be held for a reviewer: DG2 decoded again and kept as a PNG for the case page.
        let chipForReviewer = EngineTask.chip(ChipCheckTask(evidence: evidence, trust: trust, selfie: nil, documentPage: nil, threshold: 0.58))
        // Without a selfie, the chip task matches DG2 to the page itself.
        let chipWithPage = EngineTask.chip(ChipCheckTask(evidence: evidence, trust: trust, selfie: nil, documentPage: page, threshold: 0.58))
        _ = runner.perform(match)  // the networks, loaded once

        func milliseconds(_ work: () throws -> Void) rethrows -> Double {
            var samples: [Double] = []
            for _ in 0..<count {
                let start = DispatchTime.now().uptimeNanoseconds
                try work()
                samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
            }
            return samples.sorted()[samples.count / 2]
        }
        let jp2 = try FaceImageGroup([UInt8](evidence.files[.dg2]!)).faces[0].bytes
        let passive = PassiveAuthentication(trust: trust)
        var withoutFace = evidence
        withoutFace.files[.dg2] = nil
        let results: [String: Any] = [
            "count": count,
            "documentInspectMs": milliseconds { _ = runner.perform(inspect) },
            "selfieMatchMs": milliseconds { _ = runner.perform(match) },
            "selfieMatchWithChipMs": milliseconds { _ = runner.perform(matchWithChip) },
            "chipTaskMs": milliseconds { _ = runner.perform(chip) },
            "chipTaskForReviewerMs": milliseconds { _ = runner.perform(chipForReviewer) },
            "chipTaskWithPageMs": milliseconds { _ = runner.perform(chipWithPage) },
            "passiveAuthenticationMs": milliseconds { _ = passive.inspect(evidence) },
            "passiveAuthenticationWithoutDG2Ms": milliseconds { _ = passive.inspect(withoutFace) },
            "faceDecodeMs": milliseconds { _ = try? ChipFaceDecoder().decode(jp2) },
            "masterListNLMs": try milliseconds {
                _ = try TrustImport.read([UInt8](try file("master-lists/NL_ML_2025-07-29.ml")),
                                         signerAnchors: [[UInt8](try file("master-lists/NL_ROOT_CA.cer"))])
            },
        ]
        try JSONSerialization.data(withJSONObject: results, options: [.prettyPrinted, .sortedKeys]).write(to: URL(fileURLWithPath: out))
        print("verity-bench chip: wrote \(out)")
    }
}
