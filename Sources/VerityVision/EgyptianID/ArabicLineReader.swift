import Foundation
import VerityCore

/// One Arabic text line through Tesseract's `ara` model, after scaling the line
/// to heights that model reads well (it reads ~18–36 px lines well and large
/// ones badly). Its reading of a line changes with the scale, so the line is read
/// at a few heights: free text keeps the most confident reading, a field with a
/// fixed vocabulary the option most readings agree on.
struct ArabicLineReader {
    static let heights = [24, 32, 40]
    static let vocabularyHeights = [24, 28, 32, 40, 48]
    /// Tesseract's script-wide Arabic model errs differently from `ara`: its
    /// readings give the consensus a second opinion.
    static let secondModel = (language: "Arabic", heights: [24, 32])

    /// Every reading of one line worth comparing, and the most confident one.
    struct Readings {
        var texts: [String]
        var best: String
        /// 0–100, the best reading's.
        var confidence: Double
    }

    func read(_ image: GrayImage, rect: PixelRect) throws(VerityError) -> (text: String, confidence: Double) {
        let all = try readAll(image, rect: rect, withSecondModel: false)
        return (all.best, all.confidence)
    }

    /// The line read at several heights by `ara` (and by the second model):
    /// the input to `ArabicConsensus`.
    func readAll(_ image: GrayImage, rect: PixelRect, withSecondModel: Bool = true) throws(VerityError) -> Readings {
        // A name or address has Arabic letters: readings of digits or marks only are noise.
        func lettered(_ reading: (text: String, confidence: Double)) -> Bool {
            reading.text.unicodeScalars.filter { (0x0621...0x064A).contains($0.value) }.count >= 2
        }
        var primary = try readings(image, rect: rect, heights: Self.heights).filter(lettered)
        var second = withSecondModel
            ? try readings(image, rect: rect, heights: Self.secondModel.heights, language: Self.secondModel.language).filter(lettered) : []
        // Tesseract's line mode sometimes finds no line in a clear one (its own
        // line finding rejects it); the raw-line mode reads what it is given.
        if withSecondModel, primary.count < 2 {
            primary += try readings(image, rect: rect, heights: Self.heights, layout: .rawLine).filter(lettered)
            second += try readings(image, rect: rect, heights: Self.secondModel.heights, language: Self.secondModel.language, layout: .rawLine).filter(lettered)
        }
        // It also often returns nothing, or digits, for one short word ("مشفق"
        // read as "000"); its word mode reads it.
        if withSecondModel, rect.width < rect.height * 4 {
            primary += try readings(image, rect: rect, heights: Self.heights, layout: .word).filter(lettered)
            second += try readings(image, rect: rect, heights: Self.secondModel.heights, language: Self.secondModel.language, layout: .word).filter(lettered)
        }
        let best = primary.max { $0.confidence < $1.confidence }
        return Readings(texts: (primary + second).map(\.text), best: best?.text ?? second.first?.text ?? "", confidence: best?.confidence ?? 0)
    }

    /// The vocabulary entry most readings are closest to, or nil.
    func read(_ image: GrayImage, rect: PixelRect, oneOf options: [String]) throws(VerityError) -> (text: String, confidence: Double)? {
        var votes: [String: (count: Int, confidence: Double)] = [:]
        for reading in try readings(image, rect: rect, heights: Self.vocabularyHeights) {
            guard let match = ArabicMatching.nearest(reading.text, in: options, maximumDistance: 2) else { continue }
            let vote = votes[match, default: (0, 0)]
            votes[match] = (vote.count + 1, max(vote.confidence, reading.confidence))
        }
        return votes.max { ($0.value.count, $0.value.confidence) < ($1.value.count, $1.value.confidence) }
            .map { ($0.key, $0.value.confidence) }
    }

    private func readings(_ image: GrayImage, rect: PixelRect, heights: [Int], language: String = "ara",
                          layout: TesseractEngine.PageLayout = .line) throws(VerityError) -> [(text: String, confidence: Double)] {
        let area = PixelRect(x: rect.x - 3, y: rect.y - 3, width: rect.width + 6, height: rect.height + 6)
            .clamped(width: image.width, height: image.height)
        guard area.width > 4, area.height > 4 else { return [] }
        let crop = Self.binarised(image.cropped(area))
        var results: [(String, Double)] = []
        for height in heights {
            let scale = Double(height) / Double(crop.height)
            let line = crop.resized(width: max(1, Int(Double(crop.width) * scale)), height: height).padded(12)
            let lines = try TesseractPool.shared.with(language) { engine in engine.lines(in: line, layout: layout, resolution: 300) }
            let text = ArabicText.clean(lines.map(\.text).joined(separator: " "))
            guard !text.isEmpty else { continue }
            results.append((text, lines.reduce(0) { $0 + $1.confidence } / Double(lines.count)))
        }
        return results
    }
}

extension ArabicLineReader {
    /// Black print on white: security patterns behind the text confuse `ara`.
    static func binarised(_ noisy: GrayImage) -> GrayImage {
        let image = noisy.smoothed()
        let histogram = Thresholds.histogram(image)
        let threshold = (Thresholds.percentile(histogram, 0.9) + Thresholds.percentile(histogram, 0.02)) / 2
        return GrayImage(width: image.width, height: image.height, pixels: image.pixels.map { Int($0) < threshold ? 0 : 255 })
    }
}

/// Arabic OCR output tidied for comparison and display.
enum ArabicText {
    /// Drops Latin noise, tatweel, harakat (cards print none) and stray
    /// punctuation Tesseract adds at the edges; Persian letter forms the
    /// script-wide model prefers become the Arabic ones.
    static func clean(_ text: String) -> String {
        var kept = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x06CC: kept.append("\u{064A}")          // ی → ي
            case 0x06A9: kept.append("\u{0643}")          // ک → ك
            case 0x0640, 0x064B...0x0652: continue        // tatweel, harakat
            case 0x0600...0x06FF, 0x30...0x39: kept.append(scalar)
            default: if scalar == " " || scalar == "/" || scalar == "-" { kept.append(scalar) }
            }
        }
        var result = String(kept)
        while result.contains("  ") { result = result.replacingOccurrences(of: "  ", with: " ") }
        return result.trimmingCharacters(in: CharacterSet(charactersIn: " -/"))
    }
}
