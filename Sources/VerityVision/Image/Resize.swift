extension GrayImage {
    /// Resized to `width` × `height`: box-filtered first when shrinking by 2× or
    /// more (so thin strokes are averaged, not skipped), then bilinear.
    func resized(width outWidth: Int, height outHeight: Int) -> GrayImage {
        guard outWidth > 0, outHeight > 0, width > 0, height > 0 else { return GrayImage(width: max(1, outWidth), height: max(1, outHeight), fill: 255) }
        let factor = min(width / outWidth, height / outHeight)
        let source = factor >= 2 ? downscaled(by: factor) : self
        var out = GrayImage(width: outWidth, height: outHeight)
        let sx = Double(source.width) / Double(outWidth), sy = Double(source.height) / Double(outHeight)
        source.pixels.withUnsafeBufferPointer { p in
            for y in 0..<outHeight {
                let fy = min(max((Double(y) + 0.5) * sy - 0.5, 0), Double(source.height - 1))
                let y0 = Int(fy), y1 = min(y0 + 1, source.height - 1), ay = fy - Double(y0)
                for x in 0..<outWidth {
                    let fx = min(max((Double(x) + 0.5) * sx - 0.5, 0), Double(source.width - 1))
                    let x0 = Int(fx), x1 = min(x0 + 1, source.width - 1), ax = fx - Double(x0)
                    let top = Double(p[y0 * source.width + x0]) * (1 - ax) + Double(p[y0 * source.width + x1]) * ax
                    let bottom = Double(p[y1 * source.width + x0]) * (1 - ax) + Double(p[y1 * source.width + x1]) * ax
                    out.pixels[y * outWidth + x] = UInt8((top * (1 - ay) + bottom * ay).rounded())
                }
            }
        }
        return out
    }

    /// A copy with `margin` white pixels around it.
    func padded(_ margin: Int, fill: UInt8 = 255) -> GrayImage {
        var out = GrayImage(width: width + 2 * margin, height: height + 2 * margin, fill: fill)
        for y in 0..<height {
            let target = (y + margin) * out.width + margin
            out.pixels.replaceSubrange(target..<(target + width), with: pixels[(y * width)..<((y + 1) * width)])
        }
        return out
    }
}

extension GrayImage {
    /// Mean of each 3 × 3 neighbourhood: takes sensor noise down threefold while
    /// print strokes, several pixels wide, survive.
    func smoothed() -> GrayImage {
        guard width > 2, height > 2 else { return self }
        var out = self
        pixels.withUnsafeBufferPointer { p in
            for y in 1..<(height - 1) {
                for x in 1..<(width - 1) {
                    var sum = 0
                    for dy in -1...1 { let row = (y + dy) * width + x; sum += Int(p[row - 1]) + Int(p[row]) + Int(p[row + 1]) }
                    out.pixels[y * width + x] = UInt8(sum / 9)
                }
            }
        }
        return out
    }
}
