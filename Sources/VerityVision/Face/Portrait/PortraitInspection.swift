import VerityCore

/// Checks the portrait on a document's front for signs of substitution: where
/// the face is, whether its noise matches the card's, and whether straight
/// edges around it lean against the card (a photo glued on by hand).
extension FaceEngine {
    /// Where layouts print the portrait: ICAO 9303 (TD1, TD3) and AAMVA cards
    /// put it on the left; its centre falls in this share of the upright page.
    static let portraitColumn = 0.0...0.42
    static let portraitRows = 0.1...0.9

    /// `page`: the document alone, perspective removed (any quarter turn).
    public func inspectPortrait(page: GrayImage) -> PortraitEvidence {
        let rgb = RGBImage(width: page.width, height: page.height, pixels: page.pixels.flatMap { [$0, $0, $0] })
        let found: (DetectedFace?, RGBImage)? = try? pool.with { networks throws(VerityError) in
            let (face, _, upright) = findUpright(rgb, networks)
            return (face, upright)
        }
        guard let (face, upright) = found, let face else { return PortraitEvidence(placement: .notFound) }
        let gray = upright.gray
        let centreX = Double(face.box.x + face.box.width / 2) / Double(gray.width)
        let centreY = Double(face.box.y + face.box.height / 2) / Double(gray.height)
        guard Self.portraitColumn.contains(centreX), Self.portraitRows.contains(centreY) else {
            return PortraitEvidence(placement: .elsewhere)
        }
        return PortraitEvidence(placement: .expected, noiseRatio: noiseRatio(gray, face: face.box),
                                tiltedEdges: tiltedEdges(gray, face: face.box))
    }

    /// Noise inside the face over noise on the card's right half (text and
    /// background printed in the same pass and captured by the same sensor).
    private func noiseRatio(_ gray: GrayImage, face: PixelRect) -> Double? {
        let inner = PixelRect(x: face.x + face.width / 5, y: face.y + face.height / 5, width: face.width * 3 / 5, height: face.height * 3 / 5)
        let card = PixelRect(x: gray.width / 2, y: gray.height / 10, width: gray.width * 45 / 100, height: gray.height * 8 / 10)
        let level = NoiseLevel()
        guard let portrait = level.sigma(gray, in: inner), let rest = level.sigma(gray, in: card) else { return nil }
        // Below one grey level, differences are rounding, not noise.
        let ratio = max(portrait, 1) / max(rest, 1)
        return (ratio * 100).rounded() / 100
    }

    /// Straight edges near the portrait tilted at least 2° from the card's axes.
    private func tiltedEdges(_ gray: GrayImage, face: PixelRect) -> [Double] {
        let around = PixelRect(x: face.x - face.width * 3 / 5, y: face.y - face.height * 3 / 5,
                               width: face.width * 11 / 5, height: face.height * 11 / 5).clamped(width: gray.width, height: gray.height)
        let crop = gray.cropped(around)
        let lines = EdgeMap(crop).longLines(maximumTilt: 8, minimumLength: 0.6)
        let near = 0.1 * Double(max(crop.width, crop.height))
        // An upright edge also passes the test at a slight tilt over part of its
        // length; a tilted find that an upright one explains better is that edge.
        let tilted = lines.filter { line in
            abs(line.tilt) >= 2 && !lines.contains { other in
                abs(other.tilt) <= 1 && other.vertical == line.vertical && abs(other.position - line.position) < near
                    && other.end - other.start >= line.end - line.start
            }
        }
        return tilted.map { Double(abs($0.tilt)) }.sorted(by: >)
    }
}
