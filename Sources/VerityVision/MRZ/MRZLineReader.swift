/// Reads one fixed-pitch MRZ line: cuts it into `count` cells between the
/// first and last glyph, finds each cell's ink and classifies it. Cutting by
/// pitch, not by connected components, survives touching and broken glyphs.
struct MRZLineReader {
    let image: GrayImage
    let classifier: GlyphClassifier

    struct Reading {
        var text: String
        var guesses: [GlyphClassifier.Guess]
        var meanProbability: Double
    }

    func read(_ line: TextLine, count: Int) -> Reading {
        let first = line.components.first!, last = line.components.last!
        let pitch = (last.centerX - first.centerX) / Double(count - 1)
        let h = line.letterHeight
        let minX = max(0, Int(first.centerX - pitch)), maxX = min(image.width, Int(last.centerX + pitch) + 1)
        let centre = line.centerY(atX: (first.centerX + last.centerX) / 2)
        let band = PixelRect(x: minX, y: Int(centre - h * 1.2 - abs(line.slope) * Double(maxX - minX) / 2),
                             width: maxX - minX, height: Int(h * 2.4 + abs(line.slope) * Double(maxX - minX)))
        let histogram = Thresholds.histogram(image, in: band)
        let paper = Thresholds.percentile(histogram, 0.9), ink = Thresholds.percentile(histogram, 0.1)
        let threshold = UInt8((paper + ink) / 2)
        let inkMap = GlyphFeatures.InkMap(image, paper: Float(paper), ink: Float(ink))

        var boxes: [Component?] = []
        for cell in 0..<count {
            let x = first.centerX + Double(cell) * pitch
            let y = line.centerY(atX: x)
            let left = max(0, Int((x - pitch * 0.5).rounded())), right = min(image.width, Int((x + pitch * 0.5).rounded()))
            let top = max(0, Int((y - h * 0.8).rounded())), bottom = min(image.height, Int((y + h * 0.8).rounded()))
            boxes.append(inkBox(left: left, right: right, top: top, bottom: bottom, threshold: threshold))
        }
        let present = boxes.compactMap { $0 }
        let heights = present.map(\.height).sorted()
        let letterHeight = heights.isEmpty ? h : Double(heights[Int(0.75 * Double(heights.count - 1))])
        let tallCentres = present.filter { Double($0.height) >= 0.8 * letterHeight }.map(\.centerY).sorted()
        let medianCentre = tallCentres.isEmpty ? centre : tallCentres[(tallCentres.count - 1) / 2]

        var text = "", guesses: [GlyphClassifier.Guess] = []
        for (cell, box) in boxes.enumerated() {
            guard let box else {
                // An empty cell: nothing printed, or ink too faint to see.
                let guess = GlyphClassifier.Guess(character: "<", probability: 0.2, alternatives: [])
                text.append(guess.character); guesses.append(guess)
                continue
            }
            // The line may slope: measure each glyph's offset against the line at its own x.
            let x = first.centerX + Double(cell) * pitch
            let expected = medianCentre + line.slope * (x - (first.centerX + last.centerX) / 2)
            let guess = classifier.classify(GlyphFeatures.compute(inkMap, box: box, letterHeight: letterHeight, lineCenter: expected))
            text.append(guess.character)
            guesses.append(guess)
        }
        let mean = guesses.reduce(0) { $0 + $1.probability } / Double(max(1, guesses.count))
        return Reading(text: text, guesses: guesses, meanProbability: mean)
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
