import Foundation
import VerityCore

/// Finds a fold or a crack across one side of an ID-1 card. A fold prints
/// nothing but leaves a mid-grey line far longer than any letter: pixels
/// clearly darker than their surroundings (more than the security pattern's
/// fine lines are) and away from the print are gathered by a Hough transform
/// over lines within 50° of vertical (the print and its pattern run
/// horizontally). A crack is dark like print but one thin connected stroke
/// taller than any line of text.
struct CardCrackDetector {
    static let width = CardAnomalyDetector.width, height = CardAnomalyDetector.height
    /// How much darker than its 9 × 9 surroundings a fold's pixel is (0–255);
    /// the security pattern's lines are about 25.
    static let ridge = 40
    /// Pixels on one line, of a card 540 px tall, that make a fold.
    static let foldSupport = 100
    /// Height of one thin dark stroke that makes a crack; a line of text is under 60.
    static let crackHeight = 200

    func inspect(gray: GrayImage, front: Bool) -> CrackEvidence {
        let image = gray.resized(width: Self.width, height: Self.height)
        let w = Self.width, h = Self.height
        let paper = Thresholds.percentile(Thresholds.histogram(image), 0.9)
        let inkLimit = UInt8(max(0, min(255, Int(Double(paper) * 0.55))))
        let brightness = BoxMean(image)
        let ink = BoxMean(width: w, height: h) { x, y in image.pixels[y * w + x] < inkLimit }
        func considered(_ x: Int, _ y: Int) -> Bool {
            CardAnomalyDetector.inner.contains(x: x, y: y) && !(front && CardAnomalyDetector.portrait.contains(x: x, y: y))
        }
        // Fold: darker than the surroundings, no print within 3 px, then lines by Hough.
        var xs: [Int] = [], ys: [Int] = []
        for y in 4..<(h - 4) {
            for x in 4..<(w - 4) where considered(x, y) {
                let mean = brightness.sum(x, y, radius: 4) / 81
                guard mean - Int(image.pixels[y * w + x]) > Self.ridge, ink.sum(x, y, radius: 3) == 0 else { continue }
                xs.append(x)
                ys.append(y)
            }
        }
        var support = 0
        for degrees in stride(from: -50, through: 50, by: 2) {
            let angle = Double(degrees) * .pi / 180, cosine = cos(angle), sine = sin(angle)
            var bins: [Int: Int] = [:]
            for index in xs.indices {
                bins[Int((Double(xs[index]) * cosine + Double(ys[index]) * sine).rounded(.down)) / 3, default: 0] += 1
            }
            support = max(support, bins.values.max() ?? 0)
        }
        // Crack: one thin dark stroke, taller than any text.
        var dark = [Bool](repeating: false, count: w * h)
        for y in 0..<h { for x in 0..<w where considered(x, y) && image.pixels[y * w + x] < inkLimit { dark[y * w + x] = true } }
        let crack = ConnectedComponents.find(in: dark, width: w, height: h)
            .filter { $0.height >= 150 && $0.area <= 12 * $0.height }.map(\.height).max() ?? 0
        let cracked = support >= Self.foldSupport || crack >= Self.crackHeight
        let confidence = max(min(1, Double(support) / Double(2 * Self.foldSupport)), min(1, Double(crack) / Double(Self.crackHeight + 100)))
        return CrackEvidence(isCracked: cracked, confidence: (confidence * 1000).rounded() / 1000, foldSupport: support, crackHeight: crack)
    }
}
