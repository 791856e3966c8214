/// A row of glyphs that may be an MRZ line: its pitch, the centres of its first
/// and last glyph, and the number of cells it spans when that is one of 30, 36, 44.
final class MRZLineCandidate {
    let line: TextLine
    let pitch: Double
    let left: Double
    let right: Double
    let count: Int?

    var centreY: Double { line.centerY(atX: (left + right) / 2) }

    init?(_ chain: TextLine) {
        let line = Self.trimmed(chain)
        guard line.components.count >= 12 else { return nil }
        let centres = line.components.map(\.centerX)
        let gaps = zip(centres, centres.dropFirst()).map { $1 - $0 }.sorted()
        let pitch = gaps[gaps.count / 2]
        // Fixed pitch: glyph pitch is about 0.45–1.3 letter heights in OCR-B and its cousins.
        guard pitch > 2, pitch / line.letterHeight > 0.45, pitch / line.letterHeight < 1.3 else { return nil }
        self.line = line
        self.pitch = pitch
        left = centres.first!
        right = centres.last!
        let estimate = (right - left) / pitch + 1
        let nearest = MRZLocator.lengths.min { abs(Double($0) - estimate) < abs(Double($1) - estimate) }!
        count = abs(Double(nearest) - estimate) <= max(2.0, Double(nearest) * 0.06) ? nearest : nil
    }

    /// Whether this line may stand in the same zone as `anchor` (a line whose
    /// length is known): letters of its size, its span inside the anchor's.
    func fits(_ anchor: MRZLineCandidate, count: Int) -> Bool {
        if let own = self.count, own != count { return false }
        let h = anchor.line.letterHeight
        guard abs(line.letterHeight - h) < 0.35 * h, abs(pitch - anchor.pitch) < 0.2 * anchor.pitch else { return false }
        let overlap = min(right, anchor.right) - max(left, anchor.left)
        return overlap > 0.7 * (anchor.right - anchor.left)
    }

    /// Whether `below` is the next line of the zone: one to four letter heights
    /// lower (visas space their lines widest).
    func spacedAbove(_ below: MRZLineCandidate) -> Bool {
        let x = (left + right) / 2
        let distance = below.line.centerY(atX: x) - line.centerY(atX: x)
        let h = line.letterHeight
        return distance > 1.2 * h && distance < 4 * h
    }

    /// The line without glyphs outside the anchor's first and last cell.
    func clipped(to anchor: MRZLineCandidate) -> TextLine {
        let margin = 0.6 * anchor.pitch
        let inside = line.components.filter { $0.centerX >= anchor.left - margin && $0.centerX <= anchor.right + margin }
        return inside.count == line.components.count || inside.count < 2 ? line : TextLineFinder.fit(inside)
    }

    /// Drops glyphs chained onto either end across a gap no MRZ has (two or more
    /// empty cells): print beside the zone, a card's edge, a hologram's fleck.
    static func trimmed(_ line: TextLine) -> TextLine {
        var components = line.components
        guard components.count >= 12 else { return line }
        let centres = components.map(\.centerX)
        let gaps = zip(centres, centres.dropFirst()).map { $1 - $0 }.sorted()
        let pitch = gaps[gaps.count / 2]
        while components.count >= 12, components[1].centerX - components[0].centerX > 2.5 * pitch { components.removeFirst() }
        while components.count >= 12, components[components.count - 1].centerX - components[components.count - 2].centerX > 2.5 * pitch {
            components.removeLast()
        }
        return components.count == line.components.count ? line : TextLineFinder.fit(components)
    }

    /// Joins pieces of one line split by a gap (glare, a fold) in reading order.
    static func merged(_ chains: [TextLine]) -> [TextLine] {
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
}
