/// Whether both eyes show. An eye region has the contrast of sclera, iris,
/// lashes and lids; sunglasses, a hand or hair over the eyes leave a flat patch.
struct EyeVisibility {
    /// Standard deviation of grey levels below which an eye region is flat.
    static let minimumContrast = 8.0

    /// `landmarks`: dlib's five points (corners of one eye, corners of the other, nose).
    func visible(_ gray: GrayImage, landmarks: [Point]) -> Bool {
        guard landmarks.count == 5 else { return false }
        for (outer, inner) in [(0, 1), (2, 3)] {
            let a = landmarks[outer], b = landmarks[inner]
            let width = ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
            let centre = Point(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2)
            let region = PixelRect(x: Int(centre.x - 0.7 * width), y: Int(centre.y - 0.35 * width),
                                   width: max(2, Int(1.4 * width)), height: max(2, Int(0.7 * width)))
                .clamped(width: gray.width, height: gray.height)
            guard region.width >= 2, region.height >= 2, contrast(gray, region) >= Self.minimumContrast else { return false }
        }
        return true
    }

    private func contrast(_ gray: GrayImage, _ region: PixelRect) -> Double {
        var sum = 0.0, squares = 0.0
        for y in region.y..<region.maxY {
            for x in region.x..<region.maxX {
                let value = Double(gray[x, y])
                sum += value
                squares += value * value
            }
        }
        let count = Double(region.width * region.height)
        let mean = sum / count
        return max(0, squares / count - mean * mean).squareRoot()
    }
}
