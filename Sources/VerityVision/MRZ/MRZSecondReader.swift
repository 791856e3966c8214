/// The second reader of an MRZ line: Tesseract's `eng` model limited to the MRZ
/// alphabet, on the line's band, as PassportEye reads. It sees whole words where
/// the glyph classifier sees one cell, so it gets right some of what the
/// classifier gets wrong (other MRZ fonts, glyphs the cut split); check digits
/// decide between the two.
struct MRZSecondReader {
    static let alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<"

    let image: GrayImage

    /// The line as Tesseract reads it, `count` characters long, or nil when its
    /// reading cannot be lined up with the cells (too many or too few characters).
    func read(_ line: TextLine, count: Int, startX: Double, pitch: Double) -> String? {
        let h = line.letterHeight
        let left = Int((startX - pitch).rounded(.down)), right = Int((startX + Double(count) * pitch).rounded(.up))
        let centre = line.centerY(atX: startX + Double(count) * pitch / 2)
        let slopeRise = abs(line.slope) * Double(right - left) / 2
        let band = PixelRect(x: left, y: Int(centre - 1.1 * h - slopeRise), width: right - left,
                             height: Int(2.2 * h + 2 * slopeRise)).clamped(width: image.width, height: image.height)
        guard band.width > 8, band.height > 4 else { return nil }
        var crop = image.cropped(band)
        // Tesseract reads best with letters about 30 px high.
        let factor = h < 24 ? min(4.0, 32 / h) : 1
        if factor > 1 { crop = crop.resized(width: Int(Double(crop.width) * factor), height: Int(Double(crop.height) * factor)) }
        guard let lines = try? TesseractPool.shared.with("eng", { engine in
            engine.lines(in: crop.padded(Int(h * factor)), layout: .line, characters: Self.alphabet)
        }) else { return nil }
        let text = lines.map(\.text).joined().filter { Self.alphabet.contains($0) }
        return Self.fitted(text, count: count)
    }

    /// Tesseract drops or adds fillers at a line's end more than anywhere else:
    /// a reading one or two short or long there is padded or cut; anything else
    /// cannot be lined up cell by cell.
    static func fitted(_ text: String, count: Int) -> String? {
        var characters = Array(text)
        if characters.count < count, count - characters.count <= 2, characters.last == "<" {
            characters += Array(repeating: "<", count: count - characters.count)
        }
        while characters.count > count, characters.count - count <= 2, characters.last == "<", characters.dropLast().last == "<" {
            characters.removeLast()
        }
        return characters.count == count ? String(characters) : nil
    }
}
