import VerityCore

/// Reads the printed (visual) zone of a Latin-script document with Tesseract
/// and picks labelled values out of it.
struct VisualZoneReader {
    struct Reading {
        var lines: [RecognisedLine]
        var values: [VisualZoneParser.Value]
        var meanConfidence: Double
    }

    /// `blank` (the MRZ, a barcode) is painted white first: it is read elsewhere
    /// and would only cost time and add noise. `widthMillimetres` sets the DPI
    /// Tesseract assumes.
    func read(_ page: GrayImage, blank: PixelRect?, widthMillimetres: Double) throws(VerityError) -> Reading {
        var image = page
        if let blank {
            let area = blank.clamped(width: image.width, height: image.height)
            for y in area.y..<area.maxY { for x in area.x..<area.maxX { image[x, y] = 255 } }
        }
        let resolution = max(70, min(1200, Int(Double(page.width) / widthMillimetres * 25.4)))
        let ocr = try TesseractPool.shared.with("eng") { engine in
            engine.lines(in: image, layout: .sparse, resolution: resolution)
        }
        let lines = ocr.map { RecognisedLine(text: $0.text, confidence: $0.confidence, x: $0.box.x, y: $0.box.y,
                                             width: $0.box.width, height: $0.box.height) }
        let mean = lines.isEmpty ? 0 : lines.reduce(0) { $0 + $1.confidence } / Double(lines.count)
        return Reading(lines: lines, values: VisualZoneParser.values(in: lines), meanConfidence: mean)
    }
}
