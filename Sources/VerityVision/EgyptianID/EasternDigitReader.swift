/// Reads Eastern Arabic digits (٠–٩) and "/" with the dedicated classifier:
/// Tesseract's `ara` model lacks most of these digits.
struct EasternDigitReader {
    struct Reading {
        /// ASCII digits and "/".
        var text: String
        /// Mean classifier probability.
        var confidence: Double
        var boxes: [Component]
    }

    enum Edge { case left, right }

    /// The number at one end of a line of text: the glyphs up to the first word
    /// gap, read on their own so letter sizes of the words do not skew them.
    func readNumber(_ image: GrayImage, rect: PixelRect, at edge: Edge) -> Reading {
        let area = rect.clamped(width: image.width, height: image.height)
        guard area.width > 2, area.height > 2 else { return Reading(text: "", confidence: 0, boxes: []) }
        let histogram = Thresholds.histogram(image, in: area)
        let threshold = UInt8((Thresholds.percentile(histogram, 0.9) + Thresholds.percentile(histogram, 0.02)) / 2)
        var mask = [Bool](repeating: false, count: area.width * area.height)
        for y in 0..<area.height { for x in 0..<area.width { mask[y * area.width + x] = image[area.x + x, area.y + y] < threshold } }
        var glyphs = Self.splitTouching(ConnectedComponents.find(in: mask, width: area.width, height: area.height, minimumArea: 4),
                                        mask: mask, width: area.width).sorted { $0.minX < $1.minX }
        guard !glyphs.isEmpty else { return Reading(text: "", confidence: 0, boxes: []) }
        if edge == .right { glyphs.reverse() }
        // Walk in from the edge while glyphs read as confident digits at digit spacing.
        let paper = Float(Thresholds.percentile(histogram, 0.9)), inkLevel = Float(Thresholds.percentile(histogram, 0.02))
        let map = GlyphFeatures.InkMap(image, rect: area, paper: paper, ink: inkLevel)
        let shifted = glyphs.map { Component(minX: $0.minX + area.x, minY: $0.minY + area.y, maxX: $0.maxX + area.x, maxY: $0.maxY + area.y, area: $0.area) }
        let letterHeight = Double(shifted.prefix(3).map(\.height).max()!)
        let centre = shifted.prefix(3).max { $0.height < $1.height }!.centerY
        var run: [Component] = [], gaps: [Int] = []
        for glyph in shifted {
            if let previous = run.last {
                let gap = edge == .left ? glyph.minX - previous.maxX : previous.minX - glyph.maxX
                let usual = gaps.isEmpty ? Double(gap) : Double(gaps.sorted()[gaps.count / 2])
                if gaps.count >= 2, Double(gap) > max(2.2 * usual, 0.25 * letterHeight) { break }
                gaps.append(gap)
            }
            let guess = GlyphClassifier.easternDigits.classify(GlyphFeatures.compute(map, box: glyph, letterHeight: letterHeight, lineCenter: centre))
            if guess.probability < 0.75 { break }
            run.append(glyph)
        }
        guard !run.isEmpty else { return Reading(text: "", confidence: 0, boxes: []) }
        let minX = run.map(\.minX).min()!, maxX = run.map(\.maxX).max()!
        let reading = read(image, rect: PixelRect(x: minX, y: area.y, width: maxX - minX + 1, height: area.height))
        return reading.confidence >= 0.8 ? reading : Reading(text: "", confidence: reading.confidence, boxes: [])
    }
    /// Digits in `rect`, left to right (numbers run left to right in Arabic text).
    func read(_ image: GrayImage, rect: PixelRect) -> Reading {
        let area = rect.clamped(width: image.width, height: image.height)
        guard area.width > 2, area.height > 2 else { return Reading(text: "", confidence: 0, boxes: []) }
        // Thresholded at the segment's own midpoint, as in training: an adaptive
        // page mask hollows out thick strokes and breaks digits apart.
        let histogram = Thresholds.histogram(image, in: area)
        let paper = Float(Thresholds.percentile(histogram, 0.9)), inkLevel = Float(Thresholds.percentile(histogram, 0.02))
        let threshold = UInt8((paper + inkLevel) / 2)
        var mask = [Bool](repeating: false, count: area.width * area.height)
        for y in 0..<area.height { for x in 0..<area.width { mask[y * area.width + x] = image[area.x + x, area.y + y] < threshold } }
        let components = Self.splitTouching(ConnectedComponents.find(in: mask, width: area.width, height: area.height, minimumArea: 3),
                                            mask: mask, width: area.width)
            .map { Component(minX: $0.minX + area.x, minY: $0.minY + area.y, maxX: $0.maxX + area.x, maxY: $0.maxY + area.y, area: $0.area) }
            .sorted { $0.minX < $1.minX }
        guard !components.isEmpty else { return Reading(text: "", confidence: 0, boxes: []) }
        let heights = components.map(\.height).sorted()
        let letterHeight = Double(heights[Int(0.75 * Double(heights.count - 1))])
        // Specks far smaller than a zero (٠) are noise.
        let glyphs = components.filter { Double($0.height) >= letterHeight * 0.12 && $0.area >= 4 }
        let tall = glyphs.filter { Double($0.height) >= 0.8 * letterHeight }.map(\.centerY).sorted()
        let lineCentre = tall.isEmpty ? Double(area.y + area.height / 2) : tall[(tall.count - 1) / 2]
        let map = GlyphFeatures.InkMap(image, rect: PixelRect(x: area.x - 4, y: area.y - 4, width: area.width + 8, height: area.height + 8),
                                       paper: paper, ink: inkLevel)
        var text = "", total = 0.0, used: [Component] = []
        for glyph in glyphs {
            let guess = GlyphClassifier.easternDigits.classify(GlyphFeatures.compute(map, box: glyph, letterHeight: letterHeight, lineCenter: lineCentre))
            let ascii: Character = guess.character == "/" ? "/" : Character(String(guess.character.wholeNumberValue ?? 0))
            text.append(ascii)
            total += guess.probability
            used.append(glyph)
        }
        return Reading(text: text, confidence: used.isEmpty ? 0 : total / Double(used.count), boxes: used)
    }

    /// Digits some fonts set touching ("٢٧" in Noto Naskh) form one component
    /// wider than it is tall, which no single digit is: each is cut at its
    /// thinnest column near the middle, so the classifier sees single digits,
    /// as it was trained.
    static func splitTouching(_ components: [Component], mask: [Bool], width: Int) -> [Component] {
        let heights = components.map(\.height).sorted()
        guard heights.count >= 2 else { return components }
        let digitHeight = heights[Int(0.75 * Double(heights.count - 1))]
        return components.flatMap { component -> [Component] in
            guard component.height * 10 >= digitHeight * 6, component.width * 100 >= digitHeight * 115 else { return [component] }
            func ink(_ x: Int) -> Int { (component.minY...component.maxY).filter { mask[$0 * width + x] }.count }
            let low = component.minX + component.width * 3 / 10, high = component.minX + component.width * 7 / 10
            guard low < high, let cut = (low...high).min(by: { ink($0) < ink($1) }) else { return [component] }
            return [part(of: component, from: component.minX, to: cut - 1, mask: mask, width: width),
                    part(of: component, from: cut + 1, to: component.maxX, mask: mask, width: width)].compactMap { $0 }
        }
    }

    private static func part(of component: Component, from left: Int, to right: Int, mask: [Bool], width: Int) -> Component? {
        guard left <= right else { return nil }
        var top = Int.max, bottom = Int.min, area = 0
        for y in component.minY...component.maxY {
            for x in left...right where mask[y * width + x] { top = min(top, y); bottom = max(bottom, y); area += 1 }
        }
        return area == 0 ? nil : Component(minX: left, minY: top, maxX: right, maxY: bottom, area: area)
    }
}
