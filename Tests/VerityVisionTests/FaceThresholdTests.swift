import Foundation
import Testing
@testable import VerityCore
@testable import VerityVision

/// The face-match threshold on document-like portraits: each of dlib's johns
/// (5 people × 11 photos) as a clean selfie against every other photo turned
/// into a document portrait (tools/facecalib/generate.py: small, grey, soft,
/// compressed, faded, and all at once).
@Suite("Face engine: error rates of selfies against document-like portraits")
struct FaceThresholdTests {
    static let directory = URL(fileURLWithPath: ProcessInfo.processInfo.environment["VERITY_FACECALIB_DIR"]
        ?? FaceEngineTests.root.appendingPathComponent(".build/facecalib").path)

    /// Embeddings by person, in file order (nil where no face was found).
    static func embeddings(_ engine: FaceEngine, _ folder: URL, grey: Bool = false) throws -> [(person: String, vectors: [[Float]?])] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().map { person in
            let files = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(person).path).sorted()
            return (person, try files.map { try engine.embedding(of: [UInt8](try Data(contentsOf: folder.appendingPathComponent(person).appendingPathComponent($0))), grey: grey) })
        }
    }

    @Test func noFalseMatchesAndFewFalseNonMatchesOnEveryVariant() throws {
        // given
        let engine = try FaceEngine(modelsDirectory: FaceEngineTests.models)
        let johns = FaceEngineTests.faces.appendingPathComponent("johns")
        let selfies = try Self.embeddings(engine, johns), greySelfies = try Self.embeddings(engine, johns, grey: true)
        let described = try JSONDecoder().decode([String: String].self, from: Data(contentsOf: Self.directory.appendingPathComponent("variants.json")))
        let variants = described.keys.sorted()
        #expect(variants.count == 6)
        let threshold = FaceEngine.defaultThreshold
        var rows: [String] = []
        for variant in variants {
            // when: selfie i against portrait j of the same person (i ≠ j) and of everyone else
            let portraits = try Self.embeddings(engine, Self.directory.appendingPathComponent(variant))
            var same: [Double] = [], different: [Double] = [], missing = 0
            // compare() takes the colour out of the selfie when the portrait has none.
            for (a, selfie) in (["grey", "document"].contains(variant) ? greySelfies : selfies).enumerated() {
                for (b, portrait) in portraits.enumerated() {
                    for (i, x) in selfie.vectors.enumerated() {
                        for (j, y) in portrait.vectors.enumerated() where a != b || i != j {
                            guard let x, let y else { missing += 1; continue }
                            if a == b { same.append(FaceEngine.distance(x, y)) } else { different.append(FaceEngine.distance(x, y)) }
                        }
                    }
                }
            }
            let falseMatches = different.filter { $0 <= threshold }.count, falseNonMatches = same.filter { $0 > threshold }.count
            rows.append("\(variant): FMR \(falseMatches)/\(different.count), FNMR \(falseNonMatches)/\(same.count), "
                        + String(format: "same max %.3f, different min %.3f, pairs without a face %d; ", same.max() ?? 0, different.min() ?? 0, missing)
                        + stride(from: 0.54, through: 0.62, by: 0.02).map { t in
                            String(format: "at %.2f %d/%d", t, different.filter { $0 <= t }.count, same.filter { $0 > t }.count)
                        }.joined(separator: ", "))
            // then
            #expect(falseMatches == 0, "\(variant)")
            #expect(Double(falseNonMatches) <= 0.02 * Double(same.count), "\(variant)")
            #expect(Double(missing) <= 0.02 * Double(same.count + different.count + missing), "\(variant)")
        }
        print("document-like portraits at \(threshold):\n" + rows.joined(separator: "\n"))
    }
}
