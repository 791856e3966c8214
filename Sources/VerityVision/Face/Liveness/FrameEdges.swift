import Foundation

/// Finds the straight edges of something held between the camera and the
/// face: the border of a photo print, the edge or bezel of a phone or tablet.
/// A live face has no straight line running past it on several sides.
struct FrameEdges {
    /// Longest side of the working copy: edges need a few pixels' precision, not every pixel.
    static let workingSide = 480
    /// Edges may lean this much from upright (a print held at a slant).
    static let maximumTilt = 20
    /// A frame edge runs past the face for at least this share of the image's side.
    static let minimumLength = 0.3

    typealias Side = FrameSide

    /// The sides of the face (left, right, above, below) on which a long straight edge runs past it.
    func sides(_ gray: GrayImage, face: PixelRect) -> Set<Side> {
        let factor = max(1, (max(gray.width, gray.height) + Self.workingSide - 1) / Self.workingSide)
        let small = factor > 1 ? gray.downscaled(by: factor) : gray
        let box = PixelRect(x: face.x / factor, y: face.y / factor, width: max(1, face.width / factor), height: max(1, face.height / factor))
        let edges = EdgeMap(small)
        var found: Set<Side> = []
        for line in edges.longLines(maximumTilt: Self.maximumTilt, minimumLength: Self.minimumLength) {
            if let side = side(of: line, face: box, width: small.width, height: small.height) { found.insert(side) }
        }
        return found
    }

    /// Which side of the face a line lies on, if it runs past the face there
    /// (clear of it, and alongside at least half of it).
    private func side(of line: EdgeMap.Segment, face: PixelRect, width: Int, height: Int) -> Side? {
        let gap = max(2.0, 0.04 * Double(face.width))
        if line.vertical {
            let overlap = min(line.end, Double(face.maxY)) - max(line.start, Double(face.y))
            guard overlap >= 0.5 * Double(face.height) else { return nil }
            if line.position < Double(face.x) - gap { return .left }
            if line.position > Double(face.maxX) + gap { return .right }
        } else {
            let overlap = min(line.end, Double(face.maxX)) - max(line.start, Double(face.x))
            guard overlap >= 0.5 * Double(face.width) else { return nil }
            if line.position < Double(face.y) - gap { return .top }
            if line.position > Double(face.maxY) + gap { return .bottom }
        }
        return nil
    }
}

/// Strong gradients of a grey image and the long straight segments they form
/// (a Hough transform restricted to near-upright and near-level lines).
struct EdgeMap {
    struct Segment {
        /// true: runs top to bottom (position is its x at the middle); false: left to right.
        let vertical: Bool
        let position: Double
        /// Extent along the line (y for vertical lines, x for level ones).
        let start: Double
        let end: Double
        /// Degrees away from exactly upright or level.
        let tilt: Int
    }

    let width: Int
    let height: Int
    /// Gradient angle in whole degrees 0..<180 per pixel, -1 where the edge is weak.
    private var angle: [Int]
    /// The strong edge pixels (x, y, angle), for voting.
    private var strong: [(x: Int, y: Int, angle: Int)] = []

    /// Sobel magnitude (sum of the 3 × 3 kernel's weights: 4) below which there is no edge.
    static let minimumGradient = 48.0

    init(_ image: GrayImage) {
        width = image.width; height = image.height
        angle = [Int](repeating: -1, count: width * height)
        guard width > 2, height > 2 else { return }
        for y in 1..<(height - 1) {
            for x in 1..<(width - 1) {
                func p(_ dx: Int, _ dy: Int) -> Double { Double(image[x + dx, y + dy]) }
                let gx = (p(1, -1) + 2 * p(1, 0) + p(1, 1)) - (p(-1, -1) + 2 * p(-1, 0) + p(-1, 1))
                let gy = (p(-1, 1) + 2 * p(0, 1) + p(1, 1)) - (p(-1, -1) + 2 * p(0, -1) + p(1, -1))
                guard (gx * gx + gy * gy).squareRoot() >= Self.minimumGradient else { continue }
                var degrees = atan2(gy, gx) * 180 / Double.pi
                if degrees < 0 { degrees += 180 }
                angle[y * width + x] = Int(degrees.rounded()) % 180
                strong.append((x, y, angle[y * width + x]))
            }
        }
    }

    /// Long straight segments leaning at most `maximumTilt` degrees from upright or level,
    /// at least `minimumLength` of the image's side along them.
    func longLines(maximumTilt: Int, minimumLength: Double) -> [Segment] {
        // The gradient of a vertical line points along x (0°), of a level line along y (90°).
        var lines: [Segment] = []
        for normal in [0, 90] {
            let vertical = normal == 0
            let along = vertical ? height : width
            for tilt in -maximumTilt...maximumTilt {
                let theta = Double(normal + tilt) * Double.pi / 180
                let c = cos(theta), s = sin(theta)
                // Votes per 1-pixel rho bin from edge pixels whose gradient agrees within 3°.
                let span = width + height
                var votes = [Int](repeating: 0, count: 2 * span + 1)
                let expected = (normal + tilt + 180) % 180
                for pixel in strong {
                    let difference = abs(pixel.angle - expected)
                    guard min(difference, 180 - difference) <= 3 else { continue }
                    votes[Int((Double(pixel.x) * c + Double(pixel.y) * s).rounded()) + span] += 1
                }
                for rho in 1..<(votes.count - 1) where votes[rho] >= Int(minimumLength * Double(along)) / 2 {
                    guard votes[rho] >= votes[rho - 1], votes[rho] >= votes[rho + 1] else { continue }
                    if let segment = trace(rho: Double(rho - span), c: c, s: s, expected: expected, vertical: vertical, tilt: tilt),
                       segment.end - segment.start >= minimumLength * Double(along) {
                        lines.append(segment)
                    }
                }
            }
        }
        return lines
    }

    /// The longest run of agreeing edge pixels along a line, allowing short gaps.
    private func trace(rho: Double, c: Double, s: Double, expected: Int, vertical: Bool, tilt: Int) -> Segment? {
        let along = vertical ? height : width
        let maximumGap = max(3, along / 40)
        var best: (Int, Int)? = nil, runStart: Int? = nil, lastHit = -1_000_000
        for t in 0..<along {
            // Points on x cos θ + y sin θ = rho.
            let (x, y) = vertical ? ((rho - Double(t) * s) / c, Double(t)) : (Double(t), (rho - Double(t) * c) / s)
            var hit = false
            for offset in -1...1 {
                let px = Int(x.rounded()) + (vertical ? offset : 0), py = Int(y.rounded()) + (vertical ? 0 : offset)
                guard px >= 0, py >= 0, px < width, py < height else { continue }
                let a = angle[py * width + px]
                guard a >= 0 else { continue }
                let difference = abs(a - expected)
                if min(difference, 180 - difference) <= 6 { hit = true; break }
            }
            guard hit else { continue }
            if t - lastHit > maximumGap { runStart = t }
            lastHit = t
            if let start = runStart, t - start > (best.map { $0.1 - $0.0 } ?? -1) { best = (start, t) }
        }
        guard let (start, end) = best else { return nil }
        let middle = Double(start + end) / 2
        let position = vertical ? (rho - middle * s) / c : (rho - middle * c) / s
        return Segment(vertical: vertical, position: position, start: Double(start), end: Double(end), tilt: tilt)
    }
}
