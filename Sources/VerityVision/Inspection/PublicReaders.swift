import VerityCore

/// The MRZ of one image: decode, find and flatten the page, read in every orientation.
public struct MRZImageReader: Sendable {
    public let today: CalendarDate

    public init(today: CalendarDate) {
        self.today = today
    }

    /// nil when the image holds no MRZ-shaped zone.
    public func read(imageBytes: [UInt8]) throws(VerityError) -> MRZReading? {
        let image = try ImageDecoder().decode(imageBytes)
        return MRZSearch(today: today).read(PageImage(image)).0
    }
}

/// Printed text of an image through Tesseract, one engine per language reused.
public struct PrintedTextReader: Sendable {
    public init() {}

    /// Lines of `language` ("eng", "ara") text, top to bottom, as Tesseract finds them on a page.
    public func lines(imageBytes: [UInt8], language: String) throws(VerityError) -> [RecognisedLine] {
        guard ["eng", "ara"].contains(language) else {
            throw VerityError.invalid("language", "Languages are eng and ara.")
        }
        let gray = try ImageDecoder().decode(imageBytes).gray
        return try TesseractPool.shared.with(language) { engine in
            engine.lines(in: gray, layout: .sparse).map {
                RecognisedLine(text: $0.text, confidence: $0.confidence, x: $0.box.x, y: $0.box.y, width: $0.box.width, height: $0.box.height)
            }
        }
    }
}

/// The document alone in a capture, as the inspector sees it: found, perspective
/// removed, long side horizontal, at most 2,400 px (for the portrait check on its own).
public enum DocumentPages {
    public static func flattened(_ image: RGBImage) -> GrayImage { PageImage(image).page }
}
