import Foundation
import VerityCore

/// Finds digits of the national number that were not printed with the rest
/// of it: a card prints its 14 digits in one font, one size, one weight, on
/// one line, so every tall digit (all but ٠ and ٥, which sit lower and
/// shorter) shares the line's top and bottom and its stroke width. A digit
/// re-printed or pasted in another font, size or weight, or off the line,
/// breaks that: its top or bottom is off by more than a tenth of the digit
/// height, or its strokes are a third thicker or thinner.
///
/// Only the number is judged: its glyphs are known (the digit reader read
/// them) and printed alike, where the words of a line vary in height and
/// shape letter by letter. A replaced word is not found by this check.
struct NumberPrintCheck {
    /// Top or bottom off the line's by this share of the digit height
    /// (genuine digits, every capture of the tuning cards: ≤ 0.09).
    static let offsetLimit = 0.12
    /// |ln(stroke / line's stroke)| above this (genuine: ≤ 0.23).
    static let strokeLimit = 0.27
    /// Fewer tall digits than this is too little of a line to judge.
    static let minimumTallDigits = 6
    /// Print whose ink fades into the paper over more than this many pixels
    /// (a blurred capture) has no reliable glyph outline: not judged.
    static let blurredEdge = 2.2
    /// A digit with less than this share of the usual digit's contrast was
    /// washed out (glare over part of the number fades it unevenly, its foot
    /// first), not reprinted: a forger's ink is as dark as the card's.
    static let washedOut = 0.75

    /// One digit measured against its own surroundings: glare or a shadow
    /// over part of the number changes paper and ink from digit to digit.
    struct Glyph {
        var top: Int, bottom: Int
        var stroke: Double
        var contrast: Double
    }

    func inspect(_ page: GrayImage, reading: EasternDigitReader.Reading) -> TextManipulationEvidence? {
        let tall = zip(reading.boxes, reading.text).filter { !"05/".contains($0.1) }.map(\.0)
        guard tall.count >= Self.minimumTallDigits, let span = Self.span(of: tall) else { return nil }
        let histogram = Thresholds.histogram(page, in: span.clamped(width: page.width, height: page.height))
        let paper = Double(Thresholds.percentile(histogram, 0.9)), ink = Double(Thresholds.percentile(histogram, 0.02))
        guard paper - ink >= 40 else { return nil }
        let measured = tall.compactMap { Self.measure(page, box: $0) }
        let usualContrast = median(measured.map(\.contrast))
        let glyphs = measured.filter { $0.contrast >= Self.washedOut * usualContrast }
        guard glyphs.count >= Self.minimumTallDigits else { return nil }
        let edge = Self.edgeWidth(page, span: span.clamped(width: page.width, height: page.height), paper: paper, ink: ink)
        guard edge <= Self.blurredEdge else { return nil }
        let height = median(glyphs.map { Double($0.bottom - $0.top + 1) })
        let top = median(glyphs.map { Double($0.top) }), bottom = median(glyphs.map { Double($0.bottom) })
        let usualStroke = median(glyphs.map(\.stroke))
        guard height > 0, usualStroke > 0 else { return nil }
        var worstOffset = 0.0, worstStroke = 0.0, odd = 0
        for glyph in glyphs {
            let offset = max(abs(Double(glyph.top) - top), abs(Double(glyph.bottom) - bottom)) / height
            let strokeChange = glyph.stroke > 0 ? abs(log(glyph.stroke / usualStroke)) : 0
            worstOffset = max(worstOffset, offset)
            worstStroke = max(worstStroke, strokeChange)
            if offset > Self.offsetLimit || strokeChange > Self.strokeLimit { odd += 1 }
        }
        // Confidence: how far past its limit the worst digit is (1 at twice the limit).
        let excess = max(worstOffset / Self.offsetLimit, worstStroke / Self.strokeLimit)
        let confidence = odd > 0 ? min(1, 0.5 + (excess - 1) / 2) : max(0, 1 - excess / 2)
        return TextManipulationEvidence(manipulated: odd > 0, confidence: (confidence * 1000).rounded() / 1000, oddGlyphs: odd,
                                        worstOffset: (worstOffset * 1000).rounded() / 1000, worstStroke: (worstStroke * 1000).rounded() / 1000,
                                        edgeWidth: (edge * 100).rounded() / 100)
    }

    /// The digit's own paper (brightest tenth around it) and ink (its darkest
    /// pixel), its outline at their midpoint, and its stroke width from ink
    /// mass over outline length: a stroke of width w and length l holds w·l of
    /// ink and has an outline of about 2·l. The mass counts partly inked
    /// (anti-aliased) pixels in part, so the figure is not held to whole
    /// pixels as run lengths are.
    static func measure(_ page: GrayImage, box: Component) -> Glyph? {
        let area = PixelRect(x: box.minX - 3, y: box.minY - 6, width: box.width + 6, height: box.height + 12)
            .clamped(width: page.width, height: page.height)
        guard area.width > 2, area.height > 2 else { return nil }
        let histogram = Thresholds.histogram(page, in: area)
        let paper = Double(Thresholds.percentile(histogram, 0.9)), ink = Double(Thresholds.percentile(histogram, 0))
        guard paper - ink > 0 else { return nil }
        let threshold = (paper + ink) / 2
        var mass = 0.0, outline = 0, top = Int.max, bottom = Int.min
        for y in area.y..<area.maxY {
            for x in area.x..<area.maxX {
                let value = Double(page[x, y])
                mass += min(1, max(0, (paper - value) / (paper - ink)))
                let inked = value < threshold
                if inked { top = min(top, y); bottom = max(bottom, y) }
                if x > area.x, inked != (Double(page[x - 1, y]) < threshold) { outline += 1 }
                if y > area.y, inked != (Double(page[x, y - 1]) < threshold) { outline += 1 }
            }
        }
        guard outline > 0, top <= bottom else { return nil }
        return Glyph(top: top, bottom: bottom, stroke: 2 * mass / Double(outline), contrast: paper - ink)
    }

    /// How many pixels the print takes to fade from ink to paper: pixels
    /// between a quarter and three quarters of the way, per pixel of outline.
    static func edgeWidth(_ page: GrayImage, span: PixelRect, paper: Double, ink: Double) -> Double {
        let threshold = (paper + ink) / 2, low = ink + (paper - ink) / 4, high = paper - (paper - ink) / 4
        var between = 0, outline = 0
        for y in span.y..<span.maxY {
            for x in span.x..<span.maxX {
                let value = Double(page[x, y])
                if value > low, value < high { between += 1 }
                if x > span.x, (value < threshold) != (Double(page[x - 1, y]) < threshold) { outline += 1 }
            }
        }
        return outline > 0 ? Double(between) / Double(outline) : .infinity
    }

    private static func span(of boxes: [Component]) -> PixelRect? {
        guard let minX = boxes.map(\.minX).min(), let maxX = boxes.map(\.maxX).max(),
              let minY = boxes.map(\.minY).min(), let maxY = boxes.map(\.maxY).max() else { return nil }
        return PixelRect(x: minX - 4, y: minY - 4, width: maxX - minX + 9, height: maxY - minY + 9)
    }

    private func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }
}
