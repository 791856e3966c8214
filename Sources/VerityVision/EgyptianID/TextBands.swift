/// Horizontal bands of text in a region of a flattened page, each split into
/// segments where the gap is wider than a word gap: how a fixed-layout card's
/// fields are found without knowing their exact positions.
struct TextBand {
    var rect: PixelRect
    /// Pieces of the band separated by wide gaps, left to right.
    var segments: [PixelRect]
}

enum TextBands {
    static func find(in image: GrayImage, region: PixelRect, ink: [Bool]) -> [TextBand] {
        let area = region.clamped(width: image.width, height: image.height)
        guard area.width > 0, area.height > 0 else { return [] }
        // Rows holding ink, then runs of such rows.
        let minimumInk = max(2, area.width / 200)
        var runs: [(Int, Int)] = []
        var start: Int?
        for y in area.y..<area.maxY {
            var count = 0
            for x in area.x..<area.maxX where ink[y * image.width + x] { count += 1 }
            if count >= minimumInk {
                if start == nil { start = y }
            } else if let open = start {
                runs.append((open, y))
                start = nil
            }
        }
        if let open = start { runs.append((open, area.maxY)) }
        runs = mergeDiacritics(runs)
        return runs.filter { $0.1 - $0.0 >= 8 }.map { top, bottom in
            let rect = PixelRect(x: area.x, y: top, width: area.width, height: bottom - top)
            return TextBand(rect: tightened(rect, image: image, ink: ink), segments: segments(rect, image: image, ink: ink))
        }.filter { !$0.segments.isEmpty }
    }

    /// Dots and marks above or below Arabic letters form thin runs of their own:
    /// join each to the neighbouring line it is close to.
    private static func mergeDiacritics(_ runs: [(Int, Int)]) -> [(Int, Int)] {
        var merged = runs
        var changed = true
        while changed {
            changed = false
            for index in merged.indices {
                let (top, bottom) = merged[index]
                let height = bottom - top
                let candidates = [index - 1, index + 1].filter { merged.indices.contains($0) }
                guard let neighbour = candidates.min(by: { gap(merged[$0], merged[index]) < gap(merged[$1], merged[index]) }) else { continue }
                let other = merged[neighbour]
                let otherHeight = other.1 - other.0
                if height * 100 < otherHeight * 45, gap(other, merged[index]) * 2 < otherHeight {
                    merged[neighbour] = (min(top, other.0), max(bottom, other.1))
                    merged.remove(at: index)
                    changed = true
                    break
                }
            }
        }
        return merged
    }

    private static func gap(_ a: (Int, Int), _ b: (Int, Int)) -> Int {
        max(0, max(a.0, b.0) - min(a.1, b.1))
    }

    private static func columns(_ rect: PixelRect, image: GrayImage, ink: [Bool]) -> [Bool] {
        (rect.x..<rect.maxX).map { x in (rect.y..<rect.maxY).contains { ink[$0 * image.width + x] } }
    }

    private static func tightened(_ rect: PixelRect, image: GrayImage, ink: [Bool]) -> PixelRect {
        let used = columns(rect, image: image, ink: ink)
        guard let first = used.firstIndex(of: true), let last = used.lastIndex(of: true) else { return rect }
        return PixelRect(x: rect.x + first, y: rect.y, width: last - first + 1, height: rect.height)
    }

    /// Splits where a run of empty columns is wider than the band is tall.
    static func segments(_ rect: PixelRect, image: GrayImage, ink: [Bool]) -> [PixelRect] {
        let used = columns(rect, image: image, ink: ink)
        let wideGap = max(12, rect.height)
        var result: [PixelRect] = []
        var start: Int?, lastInk = -1
        for (offset, hasInk) in used.enumerated() where hasInk {
            if let open = start, offset - lastInk > wideGap {
                result.append(PixelRect(x: rect.x + open, y: rect.y, width: lastInk - open + 1, height: rect.height))
                start = offset
            } else if start == nil {
                start = offset
            }
            lastInk = offset
        }
        if let open = start { result.append(PixelRect(x: rect.x + open, y: rect.y, width: lastInk - open + 1, height: rect.height)) }
        // A lone speck is not a field.
        return result.filter { $0.width >= 4 }
    }
}
