import Foundation
import VerityCore

/// Fits the four straight edges of a document to its outline, so a corner that
/// falls outside the frame is still found where its edges meet.
enum EdgeLines {
    /// A line a·x + b·y = c with a² + b² = 1.
    struct Line {
        var a: Double, b: Double, c: Double

        func distance(_ p: Point) -> Double { abs(a * p.x + b * p.y - c) }

        /// Points meet where both equations hold.
        func intersection(_ other: Line) -> Point? {
            let determinant = a * other.b - b * other.a
            guard abs(determinant) > 1e-9 else { return nil }
            return Point(x: (c * other.b - b * other.c) / determinant, y: (a * other.c - c * other.a) / determinant)
        }

        /// Total least squares through `points`.
        static func fit(_ points: [Point]) -> Line? {
            guard points.count >= 2 else { return nil }
            let n = Double(points.count)
            let mx = points.reduce(0) { $0 + $1.x } / n, my = points.reduce(0) { $0 + $1.y } / n
            var sxx = 0.0, syy = 0.0, sxy = 0.0
            for p in points { sxx += (p.x - mx) * (p.x - mx); syy += (p.y - my) * (p.y - my); sxy += (p.x - mx) * (p.y - my) }
            // Direction of greatest spread; the normal is perpendicular to it.
            let angle = 0.5 * atan2(2 * sxy, sxx - syy)
            let a = -sin(angle), b = cos(angle)
            return Line(a: a, b: b, c: a * mx + b * my)
        }
    }

    /// Outer outline of `mask` (holes ignored), minus points on the frame's border.
    static func outline(mask: [Bool], width: Int, height: Int) -> [Point] {
        // Outside = not paper and reachable from the frame's border.
        var outside = [Bool](repeating: false, count: width * height)
        var stack: [Int] = []
        for x in 0..<width { stack.append(x); stack.append((height - 1) * width + x) }
        for y in 0..<height { stack.append(y * width); stack.append(y * width + width - 1) }
        while let index = stack.popLast() {
            guard !outside[index], !mask[index] else { continue }
            outside[index] = true
            let x = index % width, y = index / width
            if x > 0 { stack.append(index - 1) }
            if x < width - 1 { stack.append(index + 1) }
            if y > 0 { stack.append(index - width) }
            if y < height - 1 { stack.append(index + width) }
        }
        var points: [Point] = []
        for y in 2..<max(2, height - 2) {
            for x in 2..<max(2, width - 2) where mask[y * width + x] {
                let i = y * width + x
                if outside[i - 1] || outside[i + 1] || outside[i - width] || outside[i + width] {
                    points.append(Point(x: Double(x), y: Double(y)))
                }
            }
        }
        return points
    }

    /// Four corners (top-left, top-right, bottom-right, bottom-left) where the four
    /// strongest straight edges meet; nil when the outline is not a quadrilateral.
    static func corners(of outline: [Point], tolerance: Double = 1.5) -> [Point]? {
        var remaining = outline
        var lines: [(Line, [Point])] = []
        var random = SplitMix64(seed: 0x9303)
        for _ in 0..<4 {
            guard remaining.count >= 20 else { return nil }
            var best: [Int] = []
            for _ in 0..<300 {
                let p = remaining[Int(random.next() % UInt64(remaining.count))]
                let q = remaining[Int(random.next() % UInt64(remaining.count))]
                let dx = q.x - p.x, dy = q.y - p.y, length = (dx * dx + dy * dy).squareRoot()
                guard length > 10 else { continue }
                let line = Line(a: -dy / length, b: dx / length, c: (-dy * p.x + dx * p.y) / length)
                let inliers = remaining.indices.filter { line.distance(remaining[$0]) < tolerance }
                if inliers.count > best.count { best = inliers }
            }
            guard best.count >= 20, let fitted = Line.fit(best.map { remaining[$0] }) else { return nil }
            let chosen = Set(best)
            lines.append((fitted, best.map { remaining[$0] }))
            remaining = remaining.indices.filter { !chosen.contains($0) && fitted.distance(remaining[$0]) > tolerance * 2 }.map { remaining[$0] }
        }
        // Two mostly horizontal edges (normal mostly vertical) and two mostly vertical ones.
        let horizontal = lines.filter { abs($0.0.b) > abs($0.0.a) }
        let vertical = lines.filter { abs($0.0.b) <= abs($0.0.a) }
        guard horizontal.count == 2, vertical.count == 2 else { return nil }
        func meanY(_ points: [Point]) -> Double { points.reduce(0) { $0 + $1.y } / Double(points.count) }
        func meanX(_ points: [Point]) -> Double { points.reduce(0) { $0 + $1.x } / Double(points.count) }
        let (top, bottom) = meanY(horizontal[0].1) < meanY(horizontal[1].1) ? (horizontal[0].0, horizontal[1].0) : (horizontal[1].0, horizontal[0].0)
        let (left, right) = meanX(vertical[0].1) < meanX(vertical[1].1) ? (vertical[0].0, vertical[1].0) : (vertical[1].0, vertical[0].0)
        guard let topLeft = top.intersection(left), let topRight = top.intersection(right),
              let bottomRight = bottom.intersection(right), let bottomLeft = bottom.intersection(left) else { return nil }
        return [topLeft, topRight, bottomRight, bottomLeft]
    }
}
