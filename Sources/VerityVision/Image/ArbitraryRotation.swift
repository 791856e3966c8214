import Foundation

extension GrayImage {
    /// Turned by `degrees` (counter-clockwise positive) about the centre, on a
    /// canvas grown to keep every pixel; new area is white.
    func rotated(byDegrees degrees: Double) -> GrayImage {
        let radians = degrees * .pi / 180
        let c = cos(radians), s = sin(radians)
        let outWidth = Int((abs(Double(width) * c) + abs(Double(height) * s)).rounded(.up))
        let outHeight = Int((abs(Double(width) * s) + abs(Double(height) * c)).rounded(.up))
        var out = GrayImage(width: outWidth, height: outHeight, fill: 255)
        let cx = Double(width) / 2, cy = Double(height) / 2, ox = Double(outWidth) / 2, oy = Double(outHeight) / 2
        pixels.withUnsafeBufferPointer { source in
            for y in 0..<outHeight {
                let dy = Double(y) + 0.5 - oy
                for x in 0..<outWidth {
                    let dx = Double(x) + 0.5 - ox
                    // Inverse rotation maps the output pixel into the source.
                    let sx = c * dx - s * dy + cx - 0.5, sy = s * dx + c * dy + cy - 0.5
                    guard sx >= 0, sy >= 0, sx < Double(width - 1), sy < Double(height - 1) else { continue }
                    let x0 = Int(sx), y0 = Int(sy), ax = sx - Double(x0), ay = sy - Double(y0)
                    let i = y0 * width + x0
                    let top = Double(source[i]) * (1 - ax) + Double(source[i + 1]) * ax
                    let bottom = Double(source[i + width]) * (1 - ax) + Double(source[i + width + 1]) * ax
                    out.pixels[y * outWidth + x] = UInt8((top * (1 - ay) + bottom * ay).rounded())
                }
            }
        }
        return out
    }

    /// Enlarged by an integer factor with bilinear interpolation.
    func upscaled(by factor: Int) -> GrayImage {
        guard factor > 1 else { return self }
        let outWidth = width * factor, outHeight = height * factor
        var out = GrayImage(width: outWidth, height: outHeight)
        let f = Double(factor)
        pixels.withUnsafeBufferPointer { source in
            for y in 0..<outHeight {
                let sy = min(max((Double(y) + 0.5) / f - 0.5, 0), Double(height - 1))
                let y0 = min(Int(sy), height - 2 < 0 ? 0 : height - 2), ay = sy - Double(y0)
                let y1 = min(y0 + 1, height - 1)
                for x in 0..<outWidth {
                    let sx = min(max((Double(x) + 0.5) / f - 0.5, 0), Double(width - 1))
                    let x0 = min(Int(sx), width - 2 < 0 ? 0 : width - 2), ax = sx - Double(x0)
                    let x1 = min(x0 + 1, width - 1)
                    let top = Double(source[y0 * width + x0]) * (1 - ax) + Double(source[y0 * width + x1]) * ax
                    let bottom = Double(source[y1 * width + x0]) * (1 - ax) + Double(source[y1 * width + x1]) * ax
                    out.pixels[y * outWidth + x] = UInt8((top * (1 - ay) + bottom * ay).rounded())
                }
            }
        }
        return out
    }
}
