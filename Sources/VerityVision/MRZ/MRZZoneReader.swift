import VerityCore

/// Reads a located zone, in up to three passes, each only when the one before
/// left a check digit failing:
/// 1. the glyph classifier on the fitted grid;
/// 2. each line also placed a cell earlier or later (glyphs lost or gained at an end);
/// 3. Tesseract as a second reader, line by line, its characters offered beside
///    the classifier's.
/// A later pass replaces the first reading only with a reading whose check
/// digits all hold, and only when it is the one such reading: no guessing.
struct MRZZoneReader {
    let image: GrayImage
    let parser: MRZParser

    func read(_ zone: MRZLocator.Zone, letterHeight: Double) -> MRZReading {
        let reader = MRZLineReader(image: image, classifier: .mrz)
        // The lines of one zone share their pitch: take it from the line with the
        // most separate glyphs, where blur merged the fewest.
        let clearest = zone.lines.max { $0.components.count < $1.components.count }!
        let pitch = MRZLineReader.grid(clearest.components).pitch
        let straight = zone.lines.map { reader.read($0, count: zone.characters, pitch: pitch) }
        let first = reading(straight.map(Source.init), bounds: zone.bounds, letterHeight: letterHeight)
        if first.result?.valid == true { return first }

        let options: [[MRZLineReader.Reading]] = zone.lines.indices.map { index in
            let line = zone.lines[index]
            // Cells the glyphs found span, first to last.
            let spanned = Int(((line.components.last!.centerX - straight[index].startX) / pitch).rounded()) + 1
            let missing = max(1, min(2, zone.characters - spanned))
            return [straight[index]] + ([-1] + Array(1...missing)).map { reader.read(line, count: zone.characters, pitch: pitch, shift: $0) }
        }
        var valid: [String: MRZReading] = [:]
        for readings in Self.combinations(options).dropFirst() {
            // The lines of a zone start together.
            let starts = readings.map(\.startX)
            guard starts.max()! - starts.min()! < 0.6 * pitch else { continue }
            collect(reading(readings.map(Source.init), bounds: zone.bounds, letterHeight: letterHeight), into: &valid)
        }
        if valid.count == 1 { return valid.values.first! }
        if valid.count > 1 { return first }

        let second = MRZSecondReader(image: image)
        let seconds = zone.lines.indices.map { second.read(zone.lines[$0], count: zone.characters, startX: straight[$0].startX, pitch: pitch) }
        if seconds.contains(where: { $0 != nil }) {
            let sources: [[Source]] = zone.lines.indices.map { index in
                let own = Source(straight[index])
                guard let text = seconds[index], text != own.text else { return [own] }
                return [own.offering(text), Source(secondReading: text, classifier: straight[index])]
            }
            for lines in Self.combinations(sources) {
                collect(reading(lines, bounds: zone.bounds, letterHeight: letterHeight), into: &valid)
            }
            if valid.count == 1 { return valid.values.first! }
        }
        return first
    }

    /// Valid readings by what their check digits vouch for. Readings that differ
    /// only where no check digit looks (names) are one reading: the first found,
    /// which keeps the most of the classifier's own lines. A reading naming no
    /// known issuing state or nationality is no reading: those fields have no
    /// check digit, and garbage there means the line was misread.
    private func collect(_ candidate: MRZReading, into valid: inout [String: MRZReading]) {
        guard let result = candidate.result, result.valid, result.issuingStateKnown, result.nationalityKnown else { return }
        let checked = [result.documentNumber, result.dateOfBirth?.description ?? "", result.expiryDate?.description ?? "",
                       result.optionalData1, result.optionalData2] + result.checks.map(\.printed)
        let key = checked.joined(separator: "|")
        if valid[key] == nil { valid[key] = candidate }
    }

    /// One line's characters, what else each might be, and how sure the classifier was.
    struct Source {
        var text: String
        var alternatives: [[Character]]
        var probabilities: [Double]

        init(_ reading: MRZLineReader.Reading) {
            text = reading.text
            // Second guesses the classifier gave real weight to; check digits may pick one.
            alternatives = reading.guesses.map { $0.alternatives.filter { $0.1 >= 0.05 }.map(\.0) }
            probabilities = reading.guesses.map(\.probability)
        }

        /// The second reader's line, with the classifier's characters as its alternatives.
        init(secondReading text: String, classifier: MRZLineReader.Reading) {
            self.text = text
            alternatives = zip(text, classifier.text).map { own, other in own == other ? [] : [other] }
            probabilities = classifier.guesses.map(\.probability)
        }

        /// This line with the second reader's characters added to its alternatives.
        func offering(_ other: String) -> Source {
            var copy = self
            let own = Array(text)
            for (index, character) in other.enumerated() where character != own[index] && !copy.alternatives[index].contains(character) {
                copy.alternatives[index].append(character)
            }
            return copy
        }
    }

    /// Every choice of one element per list (at most 4 × 4 × 4 here), the first elements' first.
    static func combinations<T>(_ lists: [[T]]) -> [[T]] {
        lists.reduce([[]]) { partial, options in partial.flatMap { prefix in options.map { prefix + [$0] } } }
    }

    private func reading(_ lines: [Source], bounds: PixelRect, letterHeight: Double) -> MRZReading {
        let probabilities = lines.flatMap(\.probabilities)
        let confidence = probabilities.reduce(0, +) / Double(max(1, probabilities.count))
        let text = lines.map(\.text)
        var reading = MRZReading(recognisedLines: text, result: try? parser.parse(text, alternatives: lines.map(\.alternatives)),
                                 confidence: confidence, bounds: bounds, uncertain: probabilities.filter { $0 < 0.6 }.count,
                                 letterHeight: letterHeight)
        reading.characterProbabilities = lines.map(\.probabilities)
        return reading
    }
}
