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

    func read(_ image: GrayImage, rect: PixelRect) throws(VerityError) -> (text: String, confidence: Double) {
        // A name or address has Arabic letters: readings of digits or marks only are noise.
        let lettered = try readings(image, rect: rect, heights: Self.heights).filter { reading in
            reading.text.unicodeScalars.filter { (0x0621...0x064A).contains($0.value) }.count >= 2
        }
        return lettered.max { $0.confidence < $1.confidence } ?? ("", 0)
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

    /// Where the words with Arabic letters end on the right, in image
    /// coordinates: what lies beyond (a house number) is not a word.
    func rightEdgeOfWords(_ image: GrayImage, rect: PixelRect) throws(VerityError) -> Int? {
        let area = PixelRect(x: rect.x - 3, y: rect.y - 3, width: rect.width + 6, height: rect.height + 6)
            .clamped(width: image.width, height: image.height)
        guard area.width > 4, area.height > 4 else { return nil }
        let crop = Self.binarised(image.cropped(area))
        let height = 32, padding = 12
        let scale = Double(height) / Double(crop.height)
        let line = crop.resized(width: max(1, Int(Double(crop.width) * scale)), height: height).padded(padding)
        let words = try TesseractPool.shared.with("ara") { engine in engine.words(in: line, layout: .line) }
        let lettered = words.filter { word in word.text.unicodeScalars.filter { (0x0621...0x064A).contains($0.value) }.count >= 2 }
        guard let right = lettered.map({ $0.box.maxX }).max() else { return nil }
        return area.x + Int(Double(right - padding) / scale)
    }

    private func readings(_ image: GrayImage, rect: PixelRect, heights: [Int]) throws(VerityError) -> [(text: String, confidence: Double)] {
        let area = PixelRect(x: rect.x - 3, y: rect.y - 3, width: rect.width + 6, height: rect.height + 6)
            .clamped(width: image.width, height: image.height)
        guard area.width > 4, area.height > 4 else { return [] }
        let crop = Self.binarised(image.cropped(area))
        var results: [(String, Double)] = []
        for height in heights {
            let scale = Double(height) / Double(crop.height)
            let line = crop.resized(width: max(1, Int(Double(crop.width) * scale)), height: height).padded(12)
            let lines = try TesseractPool.shared.with("ara") { engine in engine.lines(in: line, layout: .line, resolution: 300) }
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
    /// Drops Latin noise, tatweel and stray punctuation Tesseract adds at the edges.
    static func clean(_ text: String) -> String {
        let kept = text.unicodeScalars.filter { scalar in
            (0x0600...0x06FF).contains(scalar.value) || scalar == " " || scalar == "/" || scalar == "-" || (0x30...0x39).contains(scalar.value)
        }.filter { $0.value != 0x0640 }
        var result = String(String.UnicodeScalarView(kept))
        while result.contains("  ") { result = result.replacingOccurrences(of: "  ", with: " ") }
        return result.trimmingCharacters(in: CharacterSet(charactersIn: " -/"))
    }
}
