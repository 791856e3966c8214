/// Decoded pixels: 8-bit RGB, row-major, no padding. Value type; the pixels are
/// never written to disk or logs.
public struct RGBImage: Sendable {
    public let width: Int
    public let height: Int
    /// `width * height * 3` bytes, R G B per pixel.
    public var pixels: [UInt8]

    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height * 3)
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// Luma (ITU-R BT.601), the input of every grey-level stage.
    public var gray: GrayImage {
        var out = [UInt8](repeating: 0, count: width * height)
        pixels.withUnsafeBufferPointer { source in
            for index in 0..<(width * height) {
                let r = Int(source[index * 3]), g = Int(source[index * 3 + 1]), b = Int(source[index * 3 + 2])
                out[index] = UInt8((r * 299 + g * 587 + b * 114 + 500) / 1000)
            }
        }
        return GrayImage(width: width, height: height, pixels: out)
    }

    /// The brightest channel of each pixel: black print stays dark, while
    /// coloured security print (a pink or green guilloche under the MRZ) turns
    /// as light as paper in at least one channel and fades.
    public var brightestChannel: GrayImage {
        var out = [UInt8](repeating: 0, count: width * height)
        pixels.withUnsafeBufferPointer { source in
            for index in 0..<(width * height) {
                out[index] = max(source[index * 3], source[index * 3 + 1], source[index * 3 + 2])
            }
        }
        return GrayImage(width: width, height: height, pixels: out)
    }

    /// How coloured each pixel is (largest minus smallest channel): paper and
    /// print are nearly grey, skin and stickers are not.
    public var chroma: GrayImage {
        var out = [UInt8](repeating: 0, count: width * height)
        pixels.withUnsafeBufferPointer { source in
            for index in 0..<(width * height) {
                let r = source[index * 3], g = source[index * 3 + 1], b = source[index * 3 + 2]
                out[index] = max(r, g, b) - min(r, g, b)
            }
        }
        return GrayImage(width: width, height: height, pixels: out)
    }
}

/// 8-bit grey pixels, row-major, no padding.
public struct GrayImage: Sendable {
    public let width: Int
    public let height: Int
    public var pixels: [UInt8]

    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height)
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    public init(width: Int, height: Int, fill: UInt8 = 0) {
        self.init(width: width, height: height, pixels: [UInt8](repeating: fill, count: width * height))
    }

    @inline(__always) public subscript(x: Int, y: Int) -> UInt8 {
        get { pixels[y * width + x] }
        set { pixels[y * width + x] = newValue }
    }

    /// The pixels inside `rect`, clamped to the image.
    public func cropped(_ rect: PixelRect) -> GrayImage {
        let clamped = rect.clamped(width: width, height: height)
        guard clamped.width > 0, clamped.height > 0 else { return GrayImage(width: 1, height: 1, fill: 255) }
        var out = [UInt8](repeating: 0, count: clamped.width * clamped.height)
        for row in 0..<clamped.height {
            let source = (clamped.y + row) * width + clamped.x
            out.replaceSubrange((row * clamped.width)..<((row + 1) * clamped.width), with: pixels[source..<(source + clamped.width)])
        }
        return GrayImage(width: clamped.width, height: clamped.height, pixels: out)
    }
}

/// An axis-aligned rectangle in pixels.
public struct PixelRect: Sendable, Equatable, Codable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var maxX: Int { x + width }
    public var maxY: Int { y + height }

    public func clamped(width limitWidth: Int, height limitHeight: Int) -> PixelRect {
        let left = max(0, min(x, limitWidth)), top = max(0, min(y, limitHeight))
        let right = max(left, min(maxX, limitWidth)), bottom = max(top, min(maxY, limitHeight))
        return PixelRect(x: left, y: top, width: right - left, height: bottom - top)
    }

    public func intersects(_ other: PixelRect) -> Bool {
        x < other.maxX && other.x < maxX && y < other.maxY && other.y < maxY
    }

    public func contains(x px: Int, y py: Int) -> Bool {
        px >= x && px < maxX && py >= y && py < maxY
    }

    public func union(_ other: PixelRect) -> PixelRect {
        let left = min(x, other.x), top = min(y, other.y)
        return PixelRect(x: left, y: top, width: max(maxX, other.maxX) - left, height: max(maxY, other.maxY) - top)
    }
}

/// A point in image coordinates.
public struct Point: Sendable, Equatable, Codable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}
