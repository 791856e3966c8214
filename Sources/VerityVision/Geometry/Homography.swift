/// A projective transform between two planes, from four point pairs.
struct Homography {
    /// Row-major 3 × 3, h[8] = 1.
    let h: [Double]

    /// The transform taking each `from` point to the matching `to` point; nil when degenerate.
    init?(from source: [Point], to target: [Point]) {
        guard source.count == 4, target.count == 4 else { return nil }
        var a = [[Double]](repeating: [Double](repeating: 0, count: 9), count: 8)
        for i in 0..<4 {
            let (x, y, u, v) = (source[i].x, source[i].y, target[i].x, target[i].y)
            a[2 * i] = [x, y, 1, 0, 0, 0, -u * x, -u * y, u]
            a[2 * i + 1] = [0, 0, 0, x, y, 1, -v * x, -v * y, v]
        }
        guard let solution = Homography.solve(a) else { return nil }
        h = solution + [1]
    }

    func apply(_ x: Double, _ y: Double) -> (Double, Double) {
        let w = h[6] * x + h[7] * y + h[8]
        return ((h[0] * x + h[1] * y + h[2]) / w, (h[3] * x + h[4] * y + h[5]) / w)
    }

    /// Gaussian elimination with partial pivoting on an augmented 8 × 9 system.
    private static func solve(_ matrix: [[Double]]) -> [Double]? {
        var m = matrix
        let n = 8
        for column in 0..<n {
            guard let pivot = (column..<n).max(by: { abs(m[$0][column]) < abs(m[$1][column]) }),
                  abs(m[pivot][column]) > 1e-12 else { return nil }
            m.swapAt(column, pivot)
            for row in 0..<n where row != column {
                let factor = m[row][column] / m[column][column]
                if factor == 0 { continue }
                for k in column...n { m[row][k] -= factor * m[column][k] }
            }
        }
        return (0..<n).map { m[$0][n] / m[$0][$0] }
    }
}

extension GrayImage {
    /// The quadrilateral `corners` (top-left, top-right, bottom-right, bottom-left)
    /// of this image, warped flat into a `width` × `height` image (bilinear).
    func warped(corners: [Point], width outWidth: Int, height outHeight: Int) -> GrayImage? {
        let target = [Point(x: 0, y: 0), Point(x: Double(outWidth), y: 0),
                      Point(x: Double(outWidth), y: Double(outHeight)), Point(x: 0, y: Double(outHeight))]
        // Map each output pixel back into this image.
        guard let inverse = Homography(from: target, to: corners) else { return nil }
        var out = GrayImage(width: outWidth, height: outHeight, fill: 255)
        pixels.withUnsafeBufferPointer { source in
            for y in 0..<outHeight {
                for x in 0..<outWidth {
                    let (sx, sy) = inverse.apply(Double(x) + 0.5, Double(y) + 0.5)
                    let fx = sx - 0.5, fy = sy - 0.5
                    guard fx >= 0, fy >= 0, fx < Double(width - 1), fy < Double(height - 1) else { continue }
                    let x0 = Int(fx), y0 = Int(fy)
                    let ax = fx - Double(x0), ay = fy - Double(y0)
                    let i = y0 * width + x0
                    let top = Double(source[i]) * (1 - ax) + Double(source[i + 1]) * ax
                    let bottom = Double(source[i + width]) * (1 - ax) + Double(source[i + width + 1]) * ax
                    out.pixels[y * outWidth + x] = UInt8(max(0, min(255, (top * (1 - ay) + bottom * ay).rounded())))
                }
            }
        }
        return out
    }
}
