/// Grey-level statistics and binarisation.
enum Thresholds {
    /// Nearest-rank percentile (p in 0...1) of `values`.
    static func percentile(_ histogram: [Int], _ p: Double) -> Int {
        let total = histogram.reduce(0, +)
        guard total > 0 else { return 0 }
        let rank = Int(p * Double(total - 1))
        var seen = 0
        for (level, count) in histogram.enumerated() {
            seen += count
            if seen > rank { return level }
        }
        return 255
    }

    static func histogram(_ image: GrayImage, in rect: PixelRect? = nil) -> [Int] {
        var histogram = [Int](repeating: 0, count: 256)
        let area = (rect ?? PixelRect(x: 0, y: 0, width: image.width, height: image.height)).clamped(width: image.width, height: image.height)
        image.pixels.withUnsafeBufferPointer { pixels in
            for y in area.y..<area.maxY {
                for x in area.x..<area.maxX { histogram[Int(pixels[y * image.width + x])] += 1 }
            }
        }
        return histogram
    }

    /// Otsu's threshold: the level that best separates two classes.
    static func otsu(_ histogram: [Int]) -> Int {
        let total = Double(histogram.reduce(0, +))
        guard total > 0 else { return 128 }
        let sum = histogram.enumerated().reduce(0.0) { $0 + Double($1.offset * $1.element) }
        var backgroundWeight = 0.0, backgroundSum = 0.0, best = 0.0, threshold = 128
        for level in 0..<256 {
            backgroundWeight += Double(histogram[level])
            guard backgroundWeight > 0 else { continue }
            let foregroundWeight = total - backgroundWeight
            guard foregroundWeight > 0 else { break }
            backgroundSum += Double(level * histogram[level])
            let meanBackground = backgroundSum / backgroundWeight
            let meanForeground = (sum - backgroundSum) / foregroundWeight
            let between = backgroundWeight * foregroundWeight * (meanBackground - meanForeground) * (meanBackground - meanForeground)
            if between > best { best = between; threshold = level }
        }
        return threshold
    }

    /// Ink mask: pixels darker than the mean of their `radius` neighbourhood by `offset`.
    /// Local means cope with uneven light and glare where one global level cannot.
    static func adaptiveInk(_ image: GrayImage, radius: Int, offset: Int) -> [Bool] {
        let width = image.width, height = image.height
        var integral = [Int](repeating: 0, count: (width + 1) * (height + 1))
        image.pixels.withUnsafeBufferPointer { pixels in
            for y in 0..<height {
                var rowSum = 0
                for x in 0..<width {
                    rowSum += Int(pixels[y * width + x])
                    integral[(y + 1) * (width + 1) + x + 1] = integral[y * (width + 1) + x + 1] + rowSum
                }
            }
        }
        var mask = [Bool](repeating: false, count: width * height)
        image.pixels.withUnsafeBufferPointer { pixels in
            for y in 0..<height {
                let top = max(0, y - radius), bottom = min(height, y + radius + 1)
                for x in 0..<width {
                    let left = max(0, x - radius), right = min(width, x + radius + 1)
                    let sum = integral[bottom * (width + 1) + right] - integral[top * (width + 1) + right]
                        - integral[bottom * (width + 1) + left] + integral[top * (width + 1) + left]
                    let mean = sum / ((bottom - top) * (right - left))
                    mask[y * width + x] = Int(pixels[y * width + x]) < mean - offset
                }
            }
        }
        return mask
    }
}
