import Foundation
import Testing
@testable import VerityCore
@testable import VerityVision

/// The attack set of tools/attacks/generate.py (scripts/generate-face-test-sets.sh):
/// real photos, and simulated screen replays, halftone prints and held-up
/// photo prints of the same photos.
@Suite("Liveness signals: recaptures of a screen, a print or a photo are flagged, real photos are not")
struct PassiveLivenessTests {
    struct Entry: Decodable {
        let file: String
        let kind: String
        let source: String
    }

    static let directory = URL(fileURLWithPath: ProcessInfo.processInfo.environment["VERITY_ATTACKS_DIR"]
        ?? FaceEngineTests.root.appendingPathComponent(".build/attacks").path)

    static func manifest() throws -> [Entry] {
        let data = try Data(contentsOf: directory.appendingPathComponent("manifest.json"))
        return try JSONDecoder().decode([Entry].self, from: data)
    }

    @Test func errorRatesOnTheGeneratedAttackSet() throws {
        // given
        let engine = try FaceEngine(modelsDirectory: FaceEngineTests.models)
        let entries = try Self.manifest()
        // when
        var flagged = AccuracyTable(), reasons: [String: Int] = [:], noFace = 0
        for entry in entries {
            let bytes = [UInt8](try Data(contentsOf: Self.directory.appendingPathComponent(entry.file)))
            let signals = try engine.livenessSignals(bytes)
            guard let suspected = signals.attackSuspected else { noFace += 1; print("no face: \(entry.file)"); continue }
            flagged.record(entry.kind, suspected)
            for reason in signals.reasons { reasons["\(entry.kind) \(reason.rawValue)", default: 0] += 1 }
        }
        print(flagged.summary("liveness signals, flagged as a recapture") + "; reasons: \(reasons.sorted { $0.key < $1.key })")
        // then: BPCER is the share of real photos flagged, APCER the share of attacks passed.
        // A recapture that hides the face from the detector is refused too (no face, no match).
        #expect(Double(noFace) <= 0.02 * Double(entries.count), "faces found in nearly every image")
        #expect(flagged.rate("bona_fide") <= 0.02, "BPCER")
        #expect(1 - flagged.rate("print") <= 0.05, "APCER, halftone prints")
        #expect(1 - flagged.rate("photo_print") <= 0.05, "APCER, photo prints held up")
        #expect(1 - flagged.rate("screen") <= 0.10, "APCER, screen replays")
    }

    @Test func aGridLaidOverARealFaceIsFoundAndTheFaceAloneIsNot() throws {
        // given: one real photo, and the same with a faint 3-pixel grid (a screen's pixels)
        let photo = try ImageDecoder().decode(FaceEngineTests().photo("obama.jpg"))
        var gridded = photo
        for y in 0..<photo.height where y % 3 == 2 {
            for x in 0..<photo.width { for channel in 0..<3 { gridded.pixels[(y * photo.width + x) * 3 + channel] /= 2 } }
        }
        let engine = try FaceEngine(modelsDirectory: FaceEngineTests.models)
        // when
        let plain = try engine.livenessSignals(try #require(PNGWriter.encode(photo)))
        let screened = try engine.livenessSignals(try #require(PNGWriter.encode(gridded)))
        // then
        #expect(plain.attackSuspected == false && plain.reasons.isEmpty)
        #expect(screened.attackSuspected == true && screened.reasons == [.screenOrPrintPattern])
        #expect(Set(screened.timings.map(\.stage)) == ["decode", "detect", "pattern", "edges", "surface"])
    }

    @Test func theFFTPutsACosineAtItsFrequency() {
        let fft = FFT(size: 64)
        let patch = (0..<(64 * 64)).map { index in cos(2 * Double.pi * 5 * Double(index % 64) / 64) }
        let power = fft.power2D(patch)
        let strongest = power.indices.max { power[$0] < power[$1] }!
        #expect([5, 59].contains(strongest), "row 0, column 5 (or its mirror 59)")
        #expect(abs(power[5] - pow(64 * 64 / 2, 2)) < 1e-3 * pow(64 * 64 / 2, 2))
    }

    @Test func anImageWithoutAFaceHasNoVerdict() throws {
        let engine = try FaceEngine(modelsDirectory: FaceEngineTests.models)
        let blank = try #require(PNGWriter.encode(RGBImage(width: 300, height: 300, pixels: [UInt8](repeating: 200, count: 300 * 300 * 3))))
        let signals = try engine.livenessSignals(blank)
        #expect(signals.attackSuspected == nil && signals.finding.outcome == .noFace)
    }
}
