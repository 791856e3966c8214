import VerityCore

/// Finds the machine readable zone: two or three fixed-pitch lines of 30, 36 or
/// 44 glyphs, one above the other, lowest on the page.
struct MRZLocator {
    struct Zone {
        var lines: [TextLine]
        var characters: Int
        var bounds: PixelRect
    }

    static let lengths = [30, 36, 44]

    func locate(in image: GrayImage) -> Zone? {
        let radius = max(8, min(image.width, image.height) / 40)
        let mask = Thresholds.adaptiveInk(image, radius: radius, offset: 12)
        let maximumHeight = image.height / 8
        let glyphs = ConnectedComponents.find(in: mask, width: image.width, height: image.height, minimumArea: 6).filter {
            $0.height >= 5 && $0.height <= maximumHeight && $0.width <= $0.height * 3 + 4
        }
        let chains = TextLineFinder.lines(in: glyphs, minimumGlyphs: 5)
        let lines = merged(chains).compactMap { line -> (TextLine, Int)? in
            guard let count = characterCount(line) else { return nil }
            return (line, count)
        }
        return bestZone(lines)
    }

    /// Joins pieces of one line split by a gap (glare, a fold) in reading order.
    private func merged(_ chains: [TextLine]) -> [TextLine] {
        var pending = chains.sorted { $0.components[0].minX < $1.components[0].minX }
        var result: [TextLine] = []
        while !pending.isEmpty {
            var line = pending.removeFirst()
            var index = 0
            while index < pending.count {
                let other = pending[index]
                let x = other.components[0].centerX
                let gap = Double(other.components[0].minX - line.components.last!.maxX)
                if gap > 0, gap < 14 * line.letterHeight, abs(line.centerY(atX: x) - other.centerY(atX: x)) < 0.4 * line.letterHeight,
                   abs(line.letterHeight - other.letterHeight) < 0.3 * line.letterHeight {
                    line = TextLineFinder.fit(line.components + other.components)
                    pending.remove(at: index)
                } else {
                    index += 1
                }
            }
            result.append(line)
        }
        return result
    }

    /// 30, 36 or 44 when the span between the first and last glyph fits that many cells.
    private func characterCount(_ line: TextLine) -> Int? {
        let centres = line.components.map(\.centerX)
        guard centres.count >= 12 else { return nil }
        let gaps = zip(centres, centres.dropFirst()).map { $1 - $0 }.sorted()
        let pitch = gaps[gaps.count / 2]
        guard pitch > 2 else { return nil }
        let estimate = (centres.last! - centres.first!) / pitch + 1
        guard let nearest = Self.lengths.min(by: { abs(Double($0) - estimate) < abs(Double($1) - estimate) }),
              abs(Double(nearest) - estimate) <= max(2.0, Double(nearest) * 0.06) else { return nil }
        // Fixed pitch: glyph pitch is about 0.6–1.1 letter heights in OCR-B.
        let ratio = pitch / line.letterHeight
        guard ratio > 0.45, ratio < 1.3 else { return nil }
        return nearest
    }

    private func bestZone(_ lines: [(TextLine, Int)]) -> Zone? {
        let ordered = lines.sorted { $0.0.centerY(atX: 0) < $1.0.centerY(atX: 0) }
        var best: Zone?
        for (index, (first, count)) in ordered.enumerated() {
            let needed = count == 30 ? 3 : 2
            var group = [first]
            var previous = first
            for (line, otherCount) in ordered[(index + 1)...] where otherCount == count && group.count < needed {
                let x = previous.components[0].centerX
                let distance = line.centerY(atX: x) - previous.centerY(atX: x)
                let h = previous.letterHeight
                let aligned = abs(Double(line.components[0].minX - previous.components[0].minX)) < 3 * h
                if distance > 1.2 * h, distance < 3.2 * h, aligned {
                    group.append(line)
                    previous = line
                }
            }
            guard group.count == needed else { continue }
            let bounds = group.flatMap(\.components).map { PixelRect(x: $0.minX, y: $0.minY, width: $0.width, height: $0.height) }
                .reduce(nil) { (partial: PixelRect?, next) in partial?.union(next) ?? next }!
            let zone = Zone(lines: group, characters: count, bounds: bounds)
            // The MRZ is at the bottom of the page: prefer the lowest group.
            if best == nil || bounds.y > best!.bounds.y { best = zone }
        }
        return best
    }
}
