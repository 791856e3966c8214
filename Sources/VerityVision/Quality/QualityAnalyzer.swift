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
            QualitySignal(name: .overexposure, value: round(statistics.darkest, 1), threshold: thresholds.brightest, direction: .atMost),
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

    /// Share of the page washed out by a reflection: where even the page's
    /// average over a neighbourhood ~2% of its width is saturated. White print
    /// (a QR code, a barcode's quiet zone, thin white lines) averages with the
    /// ink and paper around it and stays below; a highlight's core does not.
    /// A page that is white all over is not judged (no paper level to stand out
    /// from), and washed-out areas that reach the picture's edge are not glare:
    /// the white of a scanner's lid around the document, or a document's own
    /// white margin on a scan cropped to its edge. A reflection lies on the document.
    func glareShare(_ image: GrayImage, paper: Double) -> Double {
        guard paper < 238 else { return 0 }
        let radius = max(4, image.width / 50)
        let mean = BoxMean(image)
        let columns = (image.width + 1) / 2, rows = (image.height + 1) / 2
        var mask = [Bool](repeating: false, count: columns * rows)
        for row in 0..<rows {
            for column in 0..<columns where mean.at(column * 2, row * 2, radius: radius) >= 248 { mask[row * columns + column] = true }
        }
        let washedOut = ConnectedComponents.find(in: mask, width: columns, height: rows)
            .filter { $0.minX > 0 && $0.minY > 0 && $0.maxX < columns - 1 && $0.maxY < rows - 1 }
            .reduce(0) { $0 + $1.area }
        return Double(washedOut) / Double(columns * rows)
    }

    /// Mean saturation, (max − min) / max per pixel, over the document in the
    /// original colour image; dark pixels are skipped (their hue is noise), and
    /// so is white (a pale card on a white scan is not a grey copy).
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
                    // White paper and a scanner's white lid carry no colour either way.
                    if high >= 48 && low <= 240 { total += Double(high - low) / Double(high); count += 1 }
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
    /// The grey level of the darkest 2 %: the print, unless light washed it out.
    let darkest: Double
    let standardDeviation: Double

    init(_ image: GrayImage) {
        let histogram = Thresholds.histogram(image)
        let count = Double(image.width * image.height)
        let mean = histogram.enumerated().reduce(0.0) { $0 + Double($1.offset * $1.element) } / count
        let variance = histogram.enumerated().reduce(0.0) { $0 + Double($1.element) * (Double($1.offset) - mean) * (Double($1.offset) - mean) } / count
        self.mean = mean
        median = Double(Thresholds.percentile(histogram, 0.5))
        darkest = Double(Thresholds.percentile(histogram, 0.02))
        standardDeviation = variance.squareRoot()
    }
}
