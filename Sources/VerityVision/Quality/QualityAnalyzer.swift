import VerityCore

/// Measures what makes a capture hard to read. Values are computed on the
/// flattened document scaled to a standard width, so thresholds hold for any
/// camera resolution; the thresholds live in `QualityThresholds`.
struct QualityAnalyzer {
    var thresholds = QualityThresholds()

    /// Width the sharpness measure is taken at: about what a 2 MP photo of a card gives.
    static let standardWidth = 1000

    func measure(_ side: PageImage) -> QualityReport {
        let page = side.page
        let factor = max(1, page.width / Self.standardWidth)
        let standard = page.downscaled(by: factor)
        let statistics = GreyStatistics(standard)
        var signals = [
            QualitySignal(name: .sharpness, value: round(laplacianVariance(standard)), threshold: thresholds.sharpness, direction: .atLeast),
            QualitySignal(name: .glare, value: round(glareShare(standard, paper: statistics.median), 4), threshold: thresholds.glare, direction: .atMost),
            QualitySignal(name: .brightness, value: round(statistics.mean, 1), threshold: thresholds.darkest, direction: .atLeast),
            QualitySignal(name: .overexposure, value: round(statistics.mean, 1), threshold: thresholds.brightest, direction: .atMost),
            QualitySignal(name: .contrast, value: round(statistics.standardDeviation, 1), threshold: thresholds.contrast, direction: .atLeast),
            QualitySignal(name: .colourfulness, value: round(colourfulness(side), 4), threshold: thresholds.colourfulness, direction: .atLeast),
        ]
        signals.sort { $0.name.rawValue < $1.name.rawValue }
        return QualityReport(width: side.original.width, height: side.original.height, signals: signals, document: side.placement)
    }

    /// Variance of the 4-neighbour Laplacian: edges of sharp print give large values.
    func laplacianVariance(_ image: GrayImage) -> Double {
        guard image.width > 2, image.height > 2 else { return 0 }
        var sum = 0.0, squares = 0.0, count = 0.0
        image.pixels.withUnsafeBufferPointer { p in
            let w = image.width
            for y in 1..<(image.height - 1) {
                for x in 1..<(w - 1) {
                    let i = y * w + x
                    let value = Double(Int(p[i - 1]) + Int(p[i + 1]) + Int(p[i - w]) + Int(p[i + w]) - 4 * Int(p[i]))
                    sum += value; squares += value * value; count += 1
                }
            }
        }
        let mean = sum / count
        return squares / count - mean * mean
    }

    /// Share of the page that is blown-out white in blobs brighter than the paper.
    /// A white document scanned flat is not glare: only pixels well above the
    /// paper's own level count. Nor is white print (a QR code's modules, a
    /// barcode's quiet zone): a reflection fades out into a bright halo, print
    /// stops at a sharp edge.
    func glareShare(_ image: GrayImage, paper: Double) -> Double {
        guard paper < 238 else { return 0 }
        // Smoothed first: sensor noise must not make print edges look soft.
        let image = image.smoothed()
        let mask = image.pixels.map { $0 >= 250 }
        let minimum = max(20, image.width * image.height / 400)
        let blobs = ConnectedComponents.find(in: mask, width: image.width, height: image.height, minimumArea: minimum)
        let glare = blobs.filter { softEdged($0, mask: mask, image: image) }
        return Double(glare.reduce(0) { $0 + $1.area }) / Double(image.width * image.height)
    }

    /// Whether the pixels just outside a blob are nearly white too (a reflection
    /// fading out) rather than a sharp step to print or paper.
    private func softEdged(_ blob: Component, mask: [Bool], image: GrayImage) -> Bool {
        let area = PixelRect(x: blob.minX - 1, y: blob.minY - 1, width: blob.width + 2, height: blob.height + 2)
            .clamped(width: image.width, height: image.height)
        var edge = 0, bright = 0
        for y in area.y..<area.maxY {
            for x in area.x..<area.maxX where !mask[y * image.width + x] {
                let touches = (x > 0 && mask[y * image.width + x - 1]) || (x < image.width - 1 && mask[y * image.width + x + 1])
                    || (y > 0 && mask[(y - 1) * image.width + x]) || (y < image.height - 1 && mask[(y + 1) * image.width + x])
                guard touches else { continue }
                edge += 1
                if image[x, y] >= 242 { bright += 1 }
            }
        }
        // Part of the rim fading out is enough: glare over print (a barcode)
        // merges with white print whose edges are sharp.
        return edge > 0 && (bright * 4 >= edge || bright * 25 >= image.width)
    }

    /// Mean saturation, (max − min) / max per pixel, over the document in the
    /// original colour image; dark pixels are skipped (their hue is noise).
    func colourfulness(_ side: PageImage) -> Double {
        let image = side.original
        let region = side.placement.map { placement -> PixelRect in
            let xs = placement.corners.map { $0[0] }, ys = placement.corners.map { $0[1] }
            return PixelRect(x: Int(xs.min()!), y: Int(ys.min()!), width: Int(xs.max()! - xs.min()!), height: Int(ys.max()! - ys.min()!))
        } ?? PixelRect(x: 0, y: 0, width: image.width, height: image.height)
        let area = region.clamped(width: image.width, height: image.height)
        // Stay inside the document: skip a tenth at each edge.
        let inset = PixelRect(x: area.x + area.width / 10, y: area.y + area.height / 10, width: area.width * 8 / 10, height: area.height * 8 / 10)
        var total = 0.0, count = 0.0
        image.pixels.withUnsafeBufferPointer { p in
            var y = inset.y
            while y < inset.maxY {
                var x = inset.x
                while x < inset.maxX {
                    let i = (y * image.width + x) * 3
                    let r = Int(p[i]), g = Int(p[i + 1]), b = Int(p[i + 2])
                    let high = max(r, g, b), low = min(r, g, b)
                    if high >= 48 { total += Double(high - low) / Double(high); count += 1 }
                    x += 3
                }
                y += 3
            }
        }
        return count > 0 ? total / count : 0
    }

    private func round(_ value: Double, _ places: Int = 0) -> Double {
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        return (value * scale).rounded() / scale
    }
}

/// Mean, median and spread of grey levels.
struct GreyStatistics {
    let mean: Double
    let median: Double
    let standardDeviation: Double

    init(_ image: GrayImage) {
        let histogram = Thresholds.histogram(image)
        let count = Double(image.width * image.height)
        let mean = histogram.enumerated().reduce(0.0) { $0 + Double($1.offset * $1.element) } / count
        let variance = histogram.enumerated().reduce(0.0) { $0 + Double($1.element) * (Double($1.offset) - mean) * (Double($1.offset) - mean) } / count
        self.mean = mean
        median = Double(Thresholds.percentile(histogram, 0.5))
        standardDeviation = variance.squareRoot()
    }
}
