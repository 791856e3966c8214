/// Features of one glyph for the MRZ classifier: exactly what
/// tools/mrzmodel/features.py computes when training. Change both together.
///
/// The ink map inside the glyph's box (plus one pixel), fitted into a 16 × 24
/// grid with its aspect kept, each cell the mean of 3 × 3 bilinear samples;
/// then height, width and vertical offset relative to the line's letter height.
struct GlyphFeatures {
    static let gridWidth = 16, gridHeight = 24, subsamples = 3
    static let count = gridWidth * gridHeight + 3

    /// Ink (0 = paper, 1 = full ink) of a grey image, given paper and ink levels.
    /// Covers `rect` of an image; coordinates stay those of the whole image.
    struct InkMap {
        let originX: Int
        let originY: Int
        let width: Int
        let height: Int
        let values: [Float]

        init(_ image: GrayImage, rect: PixelRect, paper: Float, ink: Float) {
            let area = rect.clamped(width: image.width, height: image.height)
            let span = max(paper - ink, 1)
            originX = area.x
            originY = area.y
            width = max(1, area.width)
            height = max(1, area.height)
            var values = [Float](repeating: 0, count: width * height)
            for y in 0..<area.height {
                for x in 0..<area.width {
                    values[y * width + x] = min(max((paper - Float(image[area.x + x, area.y + y])) / span, 0), 1)
                }
            }
            self.values = values
        }

        @inline(__always) func bilinear(_ absoluteX: Float, _ absoluteY: Float) -> Float {
            let x = absoluteX - Float(originX), y = absoluteY - Float(originY)
            let cx = min(max(x, 0), Float(width - 1)), cy = min(max(y, 0), Float(height - 1))
            let x0 = Int(cx), y0 = Int(cy)
            let x1 = min(x0 + 1, width - 1), y1 = min(y0 + 1, height - 1)
            let fx = cx - Float(x0), fy = cy - Float(y0)
            let top = values[y0 * width + x0] * (1 - fx) + values[y0 * width + x1] * fx
            let bottom = values[y1 * width + x0] * (1 - fx) + values[y1 * width + x1] * fx
            return top * (1 - fy) + bottom * fy
        }
    }

    /// `box` holds the glyph's ink pixels: x in minX...maxX, y in minY...maxY.
    static func compute(_ ink: InkMap, box: Component, letterHeight: Double, lineCenter: Double) -> [Float] {
        let boxX = Float(box.minX - 1), boxY = Float(box.minY - 1)
        let w = Float(box.width + 2), h = Float(box.height + 2)
        let scale = min(Float(gridWidth) / w, Float(gridHeight) / h)
        let offsetX = (Float(gridWidth) - w * scale) / 2, offsetY = (Float(gridHeight) - h * scale) / 2
        var features = [Float](repeating: 0, count: count)
        let n = Float(subsamples)
        for row in 0..<gridHeight {
            for column in 0..<gridWidth {
                var sum: Float = 0
                for sy in 0..<subsamples {
                    let gy = (Float(row) + (Float(sy) + 0.5) / n - offsetY) / scale
                    guard gy >= 0, gy <= h else { continue }
                    for sx in 0..<subsamples {
                        let gx = (Float(column) + (Float(sx) + 0.5) / n - offsetX) / scale
                        guard gx >= 0, gx <= w else { continue }
                        sum += ink.bilinear(boxX + gx - 0.5, boxY + gy - 0.5)
                    }
                }
                features[row * gridWidth + column] = sum / (n * n)
            }
        }
        let base = gridWidth * gridHeight
        features[base] = Float(Double(box.height) / letterHeight)
        features[base + 1] = Float(Double(box.width) / letterHeight)
        features[base + 2] = Float((Double(box.minY + box.maxY + 1) / 2 - lineCenter) / letterHeight)
        return features
    }
}
