import CFace
import Foundation
import Testing
@testable import VerityCore
@testable import VerityVision

/// dlib's per-face steps now read the region around a face box, not the whole
/// photo (`FaceRegion`): the landmarks and the embedding must be the ones the
/// whole photo gives, on real photos.
@Suite("Face regions: landmarks and embeddings from the region around a face equal the whole photo's")
struct FaceRegionTests {
    @Test func landmarksAndEmbeddingsFromTheRegionEqualTheWholePhotos() throws {
        let engine = try FaceEngine(modelsDirectory: FaceEngineTests.models)
        for name in ["obama.jpg", "obama2.jpg", "biden.jpg"] {
            let bytes = [UInt8](try Data(contentsOf: FaceEngineTests.faces.appendingPathComponent(name)))
            let image = try ImageDecoder().decode(bytes)
            try engine.pool.with { networks throws(VerityError) in
                let (face, _, upright) = engine.findUpright(image, networks)
                guard let face else {
                    Issue.record("\(name): no face")
                    return
                }
                // The whole photo, as before.
                var whole = [Double](repeating: 0, count: 10)
                _ = upright.pixels.withUnsafeBufferPointer {
                    cface_landmarks(networks.engine, $0.baseAddress, Int32(upright.width), Int32(upright.height), face.cBox, &whole)
                }
                let found = face.landmarks.flatMap { [$0.x, $0.y] }
                #expect(zip(whole, found).allSatisfy { abs($0 - $1) < 1e-6 }, "\(name): \(whole) against \(found)")
                var wholeVector = [Float](repeating: 0, count: 128)
                _ = upright.pixels.withUnsafeBufferPointer {
                    cface_embed(networks.engine, $0.baseAddress, Int32(upright.width), Int32(upright.height), face.cBox, face.cLandmarks, &wholeVector)
                }
                let regionVector = engine.embedding(upright, face, networks)
                #expect(FaceEngine.distance(wholeVector, regionVector) < 1e-5, "\(name)")
                // The region is smaller than the photo: what dlib copies per face.
                let region = FaceRegion(around: face.box, in: upright)
                #expect(region.image.pixels.count < upright.pixels.count, "\(name)")
            }
        }
    }
}
