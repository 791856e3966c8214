/// Reads one fixed-pitch MRZ line: cuts it into `count` cells between the
/// first and last glyph, finds each cell's ink and classifies it. Cutting by
/// pitch, not by connected components, survives touching and broken glyphs.
struct MRZLineReader {
    let image: GrayImage
    let classifier: GlyphClassifier

    struct Reading {
        /// Where the first cell's centre is: the lines of a zone start together.
        var startX: Double
        var text: String
        var guesses: [GlyphClassifier.Guess]
        var meanProbability: Double
    }

    /// `shift`: cells to start before the first glyph found, for a line whose
    /// first glyphs were lost (cut at the edge, merged into print beside them).
    func read(_ line: TextLine, count: Int, pitch sharedPitch: Double? = nil, shift: Int = 0) -> Reading {
        let first = line.components.first!, last = line.components.last!
        let (firstCell, pitch) = Self.grid(line.components, pitch: sharedPitch)
        let startX = firstCell - Double(shift) * pitch
        let h = line.letterHeight
        let minX = max(0, Int(startX - pitch)), maxX = min(image.width, Int(startX + Double(count) * pitch) + 1)
        let centre = line.centerY(atX: (first.centerX + last.centerX) / 2)
        let band = PixelRect(x: minX, y: Int(centre - h * 1.2 - abs(line.slope) * Double(maxX - minX) / 2),
                             width: maxX - minX, height: Int(h * 2.4 + abs(line.slope) * Double(maxX - minX)))
        let ink = Thresholds.percentile(Thresholds.histogram(image, in: band), 0.1)

        // Paper is measured per cell: glare or a shadow changes it along the line.
        var boxes: [Component?] = [], maps: [GlyphFeatures.InkMap] = []
        for cell in 0..<count {
            let x = startX + Double(cell) * pitch
            let y = line.centerY(atX: x)
            let left = max(0, Int((x - pitch * 0.5).rounded())), right = min(image.width, Int((x + pitch * 0.5).rounded()))
            let top = max(0, Int((y - h * 0.8).rounded())), bottom = min(image.height, Int((y + h * 0.8).rounded()))
            let window = PixelRect(x: left, y: top, width: right - left, height: bottom - top)
            let paper = Thresholds.percentile(Thresholds.histogram(image, in: window), 0.9)
            let readable = paper - ink >= 24
            boxes.append(readable ? inkBox(left: left, right: right, top: top, bottom: bottom, threshold: UInt8((paper + ink) / 2)) : nil)
            let margin = Int(pitch / 2)
            maps.append(GlyphFeatures.InkMap(image, rect: PixelRect(x: left - margin, y: top - margin, width: right - left + 2 * margin,
                                                                    height: bottom - top + 2 * margin),
                                             paper: Float(paper), ink: Float(ink)))
        }
        let present = boxes.compactMap { $0 }
        let heights = present.map(\.height).sorted()
        let letterHeight = heights.isEmpty ? h : Double(heights[Int(0.75 * Double(heights.count - 1))])
        let tallCentres = present.filter { Double($0.height) >= 0.8 * letterHeight }.map(\.centerY).sorted()
        let medianCentre = tallCentres.isEmpty ? centre : tallCentres[(tallCentres.count - 1) / 2]

        var text = "", guesses: [GlyphClassifier.Guess] = []
        let recorder = MRZGlyphRecorder.current
        var recorded: [[Float]?] = []
        for (cell, box) in boxes.enumerated() {
            guard let box else {
                // An empty cell: nothing printed, or ink too faint to see.
                let guess = GlyphClassifier.Guess(character: "<", probability: 0.2, alternatives: [])
                text.append(guess.character); guesses.append(guess)
                if recorder != nil { recorded.append(nil) }
                continue
            }
            // The line may slope: measure each glyph's offset against the line at its own x.
            let x = startX + Double(cell) * pitch
            let expected = medianCentre + line.slope * (x - (first.centerX + last.centerX) / 2)
            let features = GlyphFeatures.compute(maps[cell], box: box, letterHeight: letterHeight, lineCenter: expected)
            let guess = classifier.classify(features)
            text.append(guess.character)
            guesses.append(guess)
            if recorder != nil { recorded.append(features) }
        }
        recorder?.record(.init(text: text, features: recorded))
        let mean = guesses.reduce(0) { $0 + $1.probability } / Double(max(1, guesses.count))
        return Reading(startX: startX, text: text, guesses: guesses, meanProbability: mean)
    }

    /// The first cell's centre and the pitch, fitted to the glyphs found: faint
    /// or merged glyphs leave gaps, and the last glyph found need not be the last
    /// cell. Glyphs much wider than usual (two blurred into one) are left out.
    static func grid(_ components: [Component], pitch fixedPitch: Double? = nil) -> (start: Double, pitch: Double) {
        let widths = components.map(\.width).sorted()
        let usualWidth = Double(widths[widths.count / 2])
        let single = components.filter { Double($0.width) <= usualWidth * 1.35 }
        let glyphs = single.count >= 5 ? single : components
        let centres = glyphs.map(\.centerX)
        let gaps = zip(centres, centres.dropFirst()).map { $1 - $0 }.sorted()
        let rough = fixedPitch ?? gaps[gaps.count / 2]
        let indexed = centres.map { ((($0 - centres[0]) / rough).rounded(), $0) }
        var pitch = rough
        if fixedPitch == nil {
            let n = Double(indexed.count)
            let meanK = indexed.reduce(0) { $0 + $1.0 } / n, meanX = indexed.reduce(0) { $0 + $1.1 } / n
            let skk = indexed.reduce(0) { $0 + ($1.0 - meanK) * ($1.0 - meanK) }
            let skx = indexed.reduce(0) { $0 + ($1.0 - meanK) * ($1.1 - meanX) }
            if skk > 0 { pitch = skx / skk }
        }
        // The median offset ignores the few glyphs that landed in the wrong cell.
        let offsets = indexed.map { $0.1 - $0.0 * pitch }.sorted()
        return (offsets[offsets.count / 2], pitch)
    }

    /// The box of ink pixels in a cell, ignoring specks of one or two pixels.
    private func inkBox(left: Int, right: Int, top: Int, bottom: Int, threshold: UInt8) -> Component? {
        guard right > left, bottom > top else { return nil }
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1, area = 0
        image.pixels.withUnsafeBufferPointer { pixels in
            for y in top..<bottom {
                for x in left..<right where pixels[y * image.width + x] < threshold {
                    minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y); area += 1
                }
            }
        }
        guard area >= 3 else { return nil }
        return Component(minX: minX, minY: minY, maxX: maxX, maxY: maxY, area: area)
    }
}
