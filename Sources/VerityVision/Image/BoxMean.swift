/// Sums and means over square neighbourhoods in constant time, from an
/// integral image: of grey levels, or of pixels that pass a test (a count).
struct BoxMean {
    private let width: Int, height: Int
    private let integral: [Int]

    init(_ image: GrayImage) {
        self.init(width: image.width, height: image.height) { x, y in Int(image.pixels[y * image.width + x]) }
    }

    /// Counts the pixels for which `test` holds.
    init(width: Int, height: Int, counting test: (Int, Int) -> Bool) {
        self.init(width: width, height: height) { x, y in test(x, y) ? 1 : 0 }
    }

    private init(width: Int, height: Int, value: (Int, Int) -> Int) {
        self.width = width
        self.height = height
        var integral = [Int](repeating: 0, count: (width + 1) * (height + 1))
        for y in 0..<height {
            var row = 0
            for x in 0..<width {
                row += value(x, y)
                integral[(y + 1) * (width + 1) + x + 1] = integral[y * (width + 1) + x + 1] + row
            }
        }
        self.integral = integral
    }

    /// The sum over the square of side 2 × radius + 1 around (x, y), clipped to the image.
    func sum(_ x: Int, _ y: Int, radius: Int) -> Int {
        let (top, bottom, left, right) = bounds(x, y, radius)
        return integral[bottom * (width + 1) + right] - integral[top * (width + 1) + right]
            - integral[bottom * (width + 1) + left] + integral[top * (width + 1) + left]
    }

    /// The sum over a rectangle inside the image.
    func sum(_ rect: PixelRect) -> Int {
        integral[rect.maxY * (width + 1) + rect.maxX] - integral[rect.y * (width + 1) + rect.maxX]
            - integral[rect.maxY * (width + 1) + rect.x] + integral[rect.y * (width + 1) + rect.x]
    }

    func at(_ x: Int, _ y: Int, radius: Int) -> Double {
        let (top, bottom, left, right) = bounds(x, y, radius)
        return Double(sum(x, y, radius: radius)) / Double((bottom - top) * (right - left))
    }

    private func bounds(_ x: Int, _ y: Int, _ radius: Int) -> (Int, Int, Int, Int) {
        (max(0, y - radius), min(height, y + radius + 1), max(0, x - radius), min(width, x + radius + 1))
    }
}
