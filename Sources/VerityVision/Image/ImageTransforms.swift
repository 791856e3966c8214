/// Rotations by quarter turns and box-filter downscaling.
extension GrayImage {
    /// The image turned clockwise by `degrees` (0, 90, 180 or 270).
    public func rotated(clockwise degrees: Int) -> GrayImage {
        switch (degrees % 360 + 360) % 360 {
        case 90:
            var out = GrayImage(width: height, height: width)
            for y in 0..<height { for x in 0..<width { out.pixels[x * height + (height - 1 - y)] = pixels[y * width + x] } }
            return out
        case 180:
            return GrayImage(width: width, height: height, pixels: pixels.reversed())
        case 270:
            var out = GrayImage(width: height, height: width)
            for y in 0..<height { for x in 0..<width { out.pixels[(width - 1 - x) * height + y] = pixels[y * width + x] } }
            return out
        default:
            return self
        }
    }

    /// Shrinks by an integer `factor`, averaging each factor × factor block.
    public func downscaled(by factor: Int) -> GrayImage {
        guard factor > 1 else { return self }
        let outWidth = max(1, width / factor), outHeight = max(1, height / factor)
        var out = GrayImage(width: outWidth, height: outHeight)
        let area = factor * factor
        pixels.withUnsafeBufferPointer { source in
            for y in 0..<outHeight {
                for x in 0..<outWidth {
                    var sum = 0
                    for dy in 0..<factor {
                        let row = (y * factor + dy) * width + x * factor
                        for dx in 0..<factor { sum += Int(source[row + dx]) }
                    }
                    out.pixels[y * outWidth + x] = UInt8(sum / area)
                }
            }
        }
        return out
    }
}

extension RGBImage {
    /// The same picture with its colour removed (grey in all three channels).
    var greyRGB: RGBImage {
        RGBImage(width: width, height: height, pixels: gray.pixels.flatMap { [$0, $0, $0] })
    }

    /// True when the picture carries (almost) no colour: a grey portrait, a black-and-white copy.
    var isGrey: Bool {
        var spread = 0, count = 0
        for index in stride(from: 0, to: pixels.count, by: 3 * 7) {
            let r = Int(pixels[index]), g = Int(pixels[index + 1]), b = Int(pixels[index + 2])
            spread += max(r, g, b) - min(r, g, b)
            count += 1
        }
        return count > 0 && Double(spread) / Double(count) < 6
    }
}
