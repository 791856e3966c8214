import VerityCore

/// A chip's face (DG2, the issuing state's photograph) against a check's two
/// pictures, each face found and embedded once: the selfie against the
/// printed portrait as `compare` does it, and the chip's face against both.
/// The chip adds one small picture's detection and embedding, not two more
/// of the page and the selfie.
public struct ChipFaceComparisons: Sendable {
    /// The selfie against the document's portrait (the check's own match).
    public let selfieToPortrait: FaceComparison
    public let chipToSelfie: FaceComparison
    public let chipToPortrait: FaceComparison
}

extension FaceEngine {
    public func compare(portraitPage document: RGBImage, selfie: RGBImage, chip: RGBImage, threshold: Double = FaceEngine.defaultThreshold)
        throws(VerityError) -> ChipFaceComparisons {
        try pool.with { networks throws(VerityError) -> ChipFaceComparisons in
            // Each picture upright once; embeddings made once per picture and colour (grey only where a pair needs it).
            let found = [document, selfie, chip].map { image -> (face: DetectedFace?, finding: FaceFinding, upright: RGBImage, grey: Bool) in
                let (face, finding, upright) = findUpright(image, networks)
                return (face, finding, upright, image.isGrey)
            }
            var embeddings: [Int: [Float]] = [:]
            func embedded(_ index: Int, grey: Bool) -> [Float]? {
                guard let face = found[index].face else { return nil }
                let key = index * 2 + (grey ? 1 : 0)
                if let known = embeddings[key] { return known }
                let vector = embedding(grey ? found[index].upright.greyRGB : found[index].upright, face, networks)
                embeddings[key] = vector
                return vector
            }
            // As `compare`: a grey picture against a colour one is compared in grey on both sides.
            func comparison(_ first: Int, _ second: Int) -> FaceComparison {
                let grey = found[first].grey != found[second].grey
                guard let a = embedded(first, grey: grey), let b = embedded(second, grey: grey) else {
                    return FaceComparison(match: nil, distance: nil, similarity: nil, threshold: threshold, first: found[first].finding,
                                          second: found[second].finding, timings: [])
                }
                let distance = Self.distance(a, b)
                let similarity = min(1, max(0, 1 - distance / (2 * threshold)))
                return FaceComparison(match: distance <= threshold, distance: round(distance), similarity: round(similarity), threshold: threshold,
                                      first: found[first].finding, second: found[second].finding, timings: [])
            }
            return ChipFaceComparisons(selfieToPortrait: comparison(0, 1), chipToSelfie: comparison(2, 1), chipToPortrait: comparison(2, 0))
        }
    }
}
