/// Finds rows of similar-sized glyphs by chaining each glyph to its nearest
/// neighbour on the right, which follows a line through slight skew.
struct TextLine {
    var components: [Component]
    /// centre y = intercept + slope × centre x
    var intercept: Double
    var slope: Double
    /// Height of letters (the 75th percentile of glyph heights).
    var letterHeight: Double

    func centerY(atX x: Double) -> Double { intercept + slope * x }
}

enum TextLineFinder {
    static func lines(in components: [Component], minimumGlyphs: Int) -> [TextLine] {
        let sorted = components.sorted { $0.minX < $1.minX }
        var used = [Bool](repeating: false, count: sorted.count)
        var lines: [TextLine] = []
        for start in sorted.indices where !used[start] {
            var chain = [start]
            var reference = Double(sorted[start].height)
            var current = start
            while true {
                let here = sorted[current]
                var next: Int?
                for candidate in (current + 1)..<sorted.count where !used[candidate] && !chain.contains(candidate) {
                    let other = sorted[candidate]
                    if Double(other.minX - here.maxX) > 1.6 * reference { break }
                    guard other.minX > here.minX, abs(other.centerY - here.centerY) < 0.45 * reference,
                          Double(other.height) < 1.5 * reference, Double(other.height) > 0.25 * reference else { continue }
                    next = candidate
                    break
                }
                guard let found = next else { break }
                chain.append(found)
                reference = max(reference, Double(sorted[found].height))
                current = found
            }
            guard chain.count >= minimumGlyphs else { continue }
            for index in chain { used[index] = true }
            lines.append(fit(chain.map { sorted[$0] }))
        }
        return lines
    }

    /// Least-squares line through the centres of the tall glyphs.
    static func fit(_ components: [Component]) -> TextLine {
        let heights = components.map(\.height).sorted()
        let letterHeight = Double(heights[Int(0.75 * Double(heights.count - 1))])
        let tall = components.filter { Double($0.height) >= 0.8 * letterHeight }
        let points = (tall.count >= 2 ? tall : components).map { ($0.centerX, $0.centerY) }
        let n = Double(points.count)
        let meanX = points.reduce(0) { $0 + $1.0 } / n, meanY = points.reduce(0) { $0 + $1.1 } / n
        let sxx = points.reduce(0) { $0 + ($1.0 - meanX) * ($1.0 - meanX) }
        let sxy = points.reduce(0) { $0 + ($1.0 - meanX) * ($1.1 - meanY) }
        let slope = sxx > 0 ? sxy / sxx : 0
        return TextLine(components: components, intercept: meanY - slope * meanX, slope: slope, letterHeight: letterHeight)
    }
}
