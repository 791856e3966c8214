import VerityCore

/// Finds the document in a photo: the largest bright region that stands out
/// from a darker surface, and its four corners.
struct DocumentLocator {
    struct Found {
        var corners: [Point]
        var placement: DocumentPlacement
    }

    /// Work on a small copy: corners need ~0.5% precision, not every pixel.
    static let workingSide = 640

    func locate(in image: GrayImage) -> Found? {
        let factor = max(1, max(image.width, image.height) / Self.workingSide)
        let small = image.downscaled(by: factor)
        let histogram = Thresholds.histogram(small)
        let threshold = Thresholds.otsu(histogram)
        // A document needs to stand out: a low-contrast frame has no edge to find.
        let dark = Thresholds.percentile(histogram, 0.1), bright = Thresholds.percentile(histogram, 0.9)
        let frameArea = Double(small.width * small.height)
        guard bright - dark > 40 else { return fillingFrame(image) }
        let mask = small.pixels.map { Int($0) > threshold }
        let regions = ConnectedComponents.find(in: mask, width: small.width, height: small.height, minimumArea: Int(frameArea * 0.1))
        guard let paper = regions.max(by: { $0.area < $1.area }) else { return nil }
        let coverage = Double(paper.area) / frameArea
        // Background covers little, or the bright region reaches all four edges:
        // a flat scan, or a white page around documents laid on a scanner (front
        // and back side by side). Either way no part of a document is off the picture.
        let edge = 2
        let touchesAllSides = paper.minX < edge && paper.minY < edge && paper.maxX >= small.width - edge && paper.maxY >= small.height - edge
        if coverage > 0.9 || touchesAllSides { return fillingFrame(image) }
        // Keep only the paper region itself, so edges of other bright blobs do not count.
        let paperMask = regionMask(paper, mask: mask, width: small.width, height: small.height)
        let outline = EdgeLines.outline(mask: paperMask, width: small.width, height: small.height)
        let smallCorners = plausible(EdgeLines.corners(of: outline), area: paper.area)
            ?? extremeCorners(of: paper, mask: paperMask, width: small.width)
        // Corners that enclose a fraction of the region (a ring of white around
        // two cards on a scan) locate nothing: take the picture as it is.
        if Self.area(smallCorners) < 0.5 * Double(paper.area) { return fillingFrame(image) }
        let corners = smallCorners.map {
            Point(x: ($0.x + 0.5) * Double(factor), y: ($0.y + 0.5) * Double(factor))
        }
        let margin = 2
        let touches = paper.minX < margin || paper.minY < margin || paper.maxX >= small.width - margin || paper.maxY >= small.height - margin
            || smallCorners.contains { $0.x < 0 || $0.y < 0 || $0.x >= Double(small.width) || $0.y >= Double(small.height) }
        let placement = DocumentPlacement(corners: corners.map { [($0.x * 10).rounded() / 10, ($0.y * 10).rounded() / 10] },
                                          fullyInFrame: !touches, fillsFrame: false, coverage: (coverage * 1000).rounded() / 1000)
        return Found(corners: corners, placement: placement)
    }

    /// The pixels of one region: flood fill from a pixel of it.
    private func regionMask(_ region: Component, mask: [Bool], width: Int, height: Int) -> [Bool] {
        var out = [Bool](repeating: false, count: width * height)
        guard let seed = (region.minY...region.maxY).lazy.flatMap({ y in (region.minX...region.maxX).lazy.map { y * width + $0 } })
            .first(where: { mask[$0] && $0 / width == region.minY }) else { return out }
        var stack = [seed]
        while let index = stack.popLast() {
            guard mask[index], !out[index] else { continue }
            out[index] = true
            let x = index % width, y = index / width
            for (nx, ny) in [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1), (x - 1, y - 1), (x + 1, y - 1), (x - 1, y + 1), (x + 1, y + 1)]
            where nx >= 0 && ny >= 0 && nx < width && ny < height {
                stack.append(ny * width + nx)
            }
        }
        return out
    }

    /// The area of a quadrilateral (shoelace formula).
    static func area(_ corners: [Point]) -> Double {
        var shoelace = 0.0
        for index in corners.indices {
            let a = corners[index], b = corners[(index + 1) % corners.count]
            shoelace += a.x * b.y - b.x * a.y
        }
        return abs(shoelace) / 2
    }

    /// Corners whose quadrilateral is convex and about the region's size.
    private func plausible(_ corners: [Point]?, area: Int) -> [Point]? {
        guard let corners, corners.count == 4 else { return nil }
        var shoelace = 0.0
        var signs = Set<Bool>()
        for index in 0..<4 {
            let a = corners[index], b = corners[(index + 1) % 4], c = corners[(index + 2) % 4]
            shoelace += a.x * b.y - b.x * a.y
            signs.insert((b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x) > 0)
        }
        let quadArea = abs(shoelace) / 2
        guard signs.count == 1, quadArea > Double(area) * 0.85, quadArea < Double(area) * 1.6 else { return nil }
        return corners
    }

    private func fillingFrame(_ image: GrayImage) -> Found {
        let w = Double(image.width), h = Double(image.height)
        let corners = [Point(x: 0, y: 0), Point(x: w, y: 0), Point(x: w, y: h), Point(x: 0, y: h)]
        return Found(corners: corners, placement: DocumentPlacement(corners: corners.map { [$0.x, $0.y] }, fullyInFrame: false,
                                                                   fillsFrame: true, coverage: 1))
    }

    /// The region's points furthest towards each corner of the frame:
    /// min x+y, max x−y, max x+y, min x−y.
    private func extremeCorners(of region: Component, mask: [Bool], width: Int) -> [Point] {
        var best = [(Double.infinity, Point(x: 0, y: 0)), (-Double.infinity, Point(x: 0, y: 0)),
                    (-Double.infinity, Point(x: 0, y: 0)), (Double.infinity, Point(x: 0, y: 0))]
        for y in region.minY...region.maxY {
            for x in region.minX...region.maxX where mask[y * width + x] {
                let sum = Double(x + y), difference = Double(x - y), point = Point(x: Double(x), y: Double(y))
                if sum < best[0].0 { best[0] = (sum, point) }
                if difference > best[1].0 { best[1] = (difference, point) }
                if sum > best[2].0 { best[2] = (sum, point) }
                if difference < best[3].0 { best[3] = (difference, point) }
            }
        }
        return best.map(\.1)
    }
}
