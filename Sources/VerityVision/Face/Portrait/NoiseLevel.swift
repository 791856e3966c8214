import Foundation

/// The noise a sensor or scanner adds, measured where the picture itself is
/// flat (Immerkær's estimator over the flatter half of a region's pixels), so
/// that text and edges do not count as noise.
struct NoiseLevel {
    /// Standard deviation of the noise in grey levels; nil for regions under 16 × 16 pixels.
    func sigma(_ gray: GrayImage, in rect: PixelRect) -> Double? {
        let area = rect.clamped(width: gray.width, height: gray.height)
        guard area.width >= 16, area.height >= 16 else { return nil }
        var responses: [(gradient: Int, laplacian: Int)] = []
        responses.reserveCapacity(area.width * area.height)
        for y in (area.y + 1)..<(area.maxY - 1) {
            for x in (area.x + 1)..<(area.maxX - 1) {
                @inline(__always) func p(_ dx: Int, _ dy: Int) -> Int { Int(gray[x + dx, y + dy]) }
                // The kernel [1 -2 1; -2 4 -2; 1 -2 1] cancels smooth shading and straight edges, leaving noise.
                let laplacian = p(-1, -1) - 2 * p(0, -1) + p(1, -1) - 2 * p(-1, 0) + 4 * p(0, 0) - 2 * p(1, 0) + p(-1, 1) - 2 * p(0, 1) + p(1, 1)
                let gx = p(1, -1) + 2 * p(1, 0) + p(1, 1) - p(-1, -1) - 2 * p(-1, 0) - p(-1, 1)
                let gy = p(-1, 1) + 2 * p(0, 1) + p(1, 1) - p(-1, -1) - 2 * p(0, -1) - p(1, -1)
                responses.append((abs(gx) + abs(gy), abs(laplacian)))
            }
        }
        let flat = responses.sorted { $0.gradient < $1.gradient }.prefix(max(1, responses.count / 2))
        let mean = Double(flat.reduce(0) { $0 + $1.laplacian }) / Double(flat.count)
        return (Double.pi / 2).squareRoot() * mean / 6
    }
}
