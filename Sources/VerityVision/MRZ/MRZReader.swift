import VerityCore

/// Reads the MRZ from a grey image of a document page.
public struct MRZReading: Sendable {
    /// The lines as recognised, before repair.
    public let recognisedLines: [String]
    public let result: MRZResult?
    /// Mean classifier probability over all characters (0–1).
    public let confidence: Double
    /// Where the zone is in the image that was read.
    public let bounds: PixelRect
    /// Characters whose best guess was below 0.6.
    public let uncertain: Int
    /// Letter height of the zone in pixels.
    public let letterHeight: Double
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
        return read(zone, of: image, letterHeight: letterHeight)
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
        guard let reading = read(found, of: crop, letterHeight: letterHeight) else { return nil }
        return MRZReading(recognisedLines: reading.recognisedLines, result: reading.result, confidence: reading.confidence,
                          bounds: zone.bounds, uncertain: reading.uncertain, letterHeight: letterHeight)
    }

    private func read(_ zone: MRZLocator.Zone, of image: GrayImage, letterHeight: Double) -> MRZReading? {
        let reader = MRZLineReader(image: image, classifier: .mrz)
        // The lines of one zone share their pitch: take it from the line with the
        // most separate glyphs, where blur merged the fewest.
        let clearest = zone.lines.max { $0.components.count < $1.components.count }!
        let pitch = MRZLineReader.grid(clearest.components).pitch
        let straight = zone.lines.map { reader.read($0, count: zone.characters, pitch: pitch) }
        let first = reading(straight, bounds: zone.bounds, letterHeight: letterHeight)
        if first.result?.valid == true { return first }
        // A line may have lost a glyph at either end (cut at the picture's edge,
        // merged into print beside it) and gained a speck at the other: each line
        // is also read one cell earlier and later (two earlier when its glyphs
        // span two cells short), and the check digits choose.
        let options: [[MRZLineReader.Reading]] = zone.lines.indices.map { index in
            let line = zone.lines[index]
            let missing = max(1, min(2, zone.characters - MRZLineReader.span(line, pitch: pitch)))
            return [straight[index]] + ([-1] + Array(1...missing)).map { reader.read(line, count: zone.characters, pitch: pitch, shift: $0) }
        }
        // Only a placement that starts the lines together and whose check digits
        // all hold replaces the straight reading, and only when it is the one
        // such reading: no guessing.
        var valid: [String: MRZReading] = [:]
        for readings in Self.combinations(options).dropFirst() {
            let starts = readings.map(\.startX)
            guard starts.max()! - starts.min()! < 0.6 * pitch else { continue }
            let candidate = reading(readings, bounds: zone.bounds, letterHeight: letterHeight)
            if let result = candidate.result, result.valid { valid[result.lines.joined(separator: "\n")] = candidate }
        }
        return valid.count == 1 ? valid.values.first! : first
    }

    private func reading(_ readings: [MRZLineReader.Reading], bounds: PixelRect, letterHeight: Double) -> MRZReading {
        let lines = readings.map(\.text)
        let allGuesses = readings.flatMap(\.guesses)
        let confidence = allGuesses.reduce(0) { $0 + $1.probability } / Double(max(1, allGuesses.count))
        // Second guesses the classifier gave real weight to; check digits may pick one.
        let alternatives = readings.map { $0.guesses.map { $0.alternatives.filter { $0.1 >= 0.05 }.map(\.0) } }
        return MRZReading(recognisedLines: lines, result: try? parser.parse(lines, alternatives: alternatives), confidence: confidence,
                          bounds: bounds, uncertain: allGuesses.filter { $0.probability < 0.6 }.count, letterHeight: letterHeight)
    }

    /// Every choice of one element per list (at most 4 × 4 × 4 here), the first elements' first.
    static func combinations<T>(_ lists: [[T]]) -> [[T]] {
        lists.reduce([[]]) { partial, options in partial.flatMap { prefix in options.map { prefix + [$0] } } }
    }
}
