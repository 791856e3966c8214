import VerityCore

/// Finds the machine readable zone: two or three fixed-pitch lines of 30, 36 or
/// 44 glyphs, one above the other, lowest on the page.
///
/// A line whose own glyphs do not give its length (print or a card's edge
/// chained onto it, a filler too faint to see at its end) may still join a
/// zone beside a line that does: the lines of a zone share their length and
/// their left and right ends, so it is cut to the other line's extent.
struct MRZLocator {
    struct Zone {
        var lines: [TextLine]
        var characters: Int
        var bounds: PixelRect
    }

    static let lengths = [30, 36, 44]

    /// `letterHeight`: when the zone's letter height is known roughly (a crop
    /// around a zone found before), the neighbourhood and size limits follow it.
    func locate(in image: GrayImage, letterHeight: Double? = nil) -> Zone? {
        let radius = letterHeight.map { max(8, Int($0)) } ?? max(8, min(image.width, image.height) / 40)
        let mask = Thresholds.adaptiveInk(image, radius: radius, offset: 12)
        let maximumHeight = letterHeight.map { Int($0 * 2) } ?? image.height / 8
        let glyphs = ConnectedComponents.find(in: mask, width: image.width, height: image.height, minimumArea: 6).filter {
            $0.height >= 5 && $0.height <= maximumHeight && $0.width <= $0.height * 3 + 4
        }
        let chains = TextLineFinder.lines(in: glyphs, minimumGlyphs: 5)
        let candidates = MRZLineCandidate.merged(chains).compactMap(MRZLineCandidate.init)
        return bestZone(candidates)
    }

    private func bestZone(_ candidates: [MRZLineCandidate]) -> Zone? {
        let ordered = candidates.sorted { $0.centreY < $1.centreY }
        var best: (zone: Zone, counted: Int)?
        for anchor in ordered {
            guard let count = anchor.count else { continue }
            let needed = count == 30 ? 3 : 2
            // Lines that could share the anchor's zone, top to bottom.
            let members = ordered.filter { $0 === anchor || $0.fits(anchor, count: count) }
            guard let anchorIndex = members.firstIndex(where: { $0 === anchor }) else { continue }
            for first in max(0, anchorIndex - needed + 1)...anchorIndex where first + needed <= members.count {
                let group = Array(members[first..<(first + needed)])
                guard zip(group, group.dropFirst()).allSatisfy({ $0.spacedAbove($1) }) else { continue }
                let lines = group.map { $0 === anchor ? $0.line : $0.clipped(to: anchor) }
                guard lines.allSatisfy({ $0.components.count >= count / 2 }) else { continue }
                let bounds = lines.flatMap(\.components).map { PixelRect(x: $0.minX, y: $0.minY, width: $0.width, height: $0.height) }
                    .reduce(nil) { (partial: PixelRect?, next) in partial?.union(next) ?? next }!
                let counted = group.filter { $0.count == count }.count
                let zone = Zone(lines: lines, characters: count, bounds: bounds)
                // More lines that measure up on their own, then the lowest (the MRZ is at the bottom of the page).
                if best == nil || counted > best!.counted || (counted == best!.counted && bounds.y > best!.zone.bounds.y) {
                    best = (zone, counted)
                }
            }
        }
        return best?.zone
    }
}
