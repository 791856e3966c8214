import VerityCore

/// Reads the MRZ from a grey image of a document page.
public struct MRZReading: Sendable {
    /// The lines as recognised, before repair.
    public let recognisedLines: [String]
    public let result: MRZResult?
    /// Mean classifier probability over all characters (0–1).
    public let confidence: Double
    /// Where the zone is in the image that was read.
    public internal(set) var bounds: PixelRect
    /// Characters whose best guess was below 0.6.
    public let uncertain: Int
    /// Letter height of the zone in pixels.
    public let letterHeight: Double
    /// The classifier's probability for each character, by line: where it was
    /// unsure, fields no check digit covers (names) deserve a second look.
    public var characterProbabilities: [[Double]] = []
}

public struct MRZReader: Sendable {
    public let parser: MRZParser

    public init(today: CalendarDate) {
        parser = MRZParser(today: today)
    }

    /// nil when no zone of MRZ shape is found.
    public func read(_ image: GrayImage) -> MRZReading? {
        guard let zone = MRZLocator().locate(in: image) else { return nil }
        let letterHeight = zone.lines.map(\.letterHeight).reduce(0, +) / Double(zone.lines.count)
        if letterHeight < Self.comfortableHeight, let magnified = magnified(zone, of: image, letterHeight: letterHeight) {
            return magnified
        }
        return MRZZoneReader(image: image, parser: parser).read(zone, letterHeight: letterHeight)
    }

    /// Letters below this height (scans at 150 dpi, small photos) are read from
    /// an enlarged copy of the zone: a glyph's ink box and its ink map need more
    /// than a pixel per stroke.
    static let comfortableHeight = 20.0

    private func magnified(_ zone: MRZLocator.Zone, of image: GrayImage, letterHeight: Double) -> MRZReading? {
        let margin = Int(letterHeight * 1.5)
        let area = PixelRect(x: zone.bounds.x - margin, y: zone.bounds.y - margin, width: zone.bounds.width + 2 * margin,
                             height: zone.bounds.height + 2 * margin).clamped(width: image.width, height: image.height)
        let factor = min(4, Int((28 / letterHeight).rounded(.up)))
        guard factor >= 2, area.width > 0, area.height > 0 else { return nil }
        let crop = image.cropped(area).resized(width: area.width * factor, height: area.height * factor)
        guard let found = MRZLocator().locate(in: crop, letterHeight: letterHeight * Double(factor)), found.characters == zone.characters else { return nil }
        let reading = MRZZoneReader(image: crop, parser: parser).read(found, letterHeight: letterHeight)
        var placed = reading
        placed.bounds = zone.bounds
        return placed
    }
}
