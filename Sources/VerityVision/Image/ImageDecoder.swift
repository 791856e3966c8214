import CJPEG
import CLeptonica
import VerityCore

/// Decodes PNG, JPEG and GIF with Leptonica after checking the header, so a
/// decompression bomb is refused before a byte is inflated; JPEGs come out
/// turned as their EXIF orientation says.
public struct ImageDecoder: Sendable {
    /// Largest accepted file.
    public var maximumBytes = 20 * 1024 * 1024
    /// Largest accepted image: 40 megapixels (a 7,700 × 5,200 photo).
    public var maximumPixels = 40_000_000
    /// Longest accepted side, so a 1 × 40,000,000 strip is refused too.
    public var maximumSide = 20_000

    public init() {}

    /// Share of the rows a JPEG that ended early must still hold to be read.
    public var minimumCompleteness = 0.6

    /// Throws `INVALID_IMAGE` or `IMAGE_TOO_LARGE`.
    public func decode(_ bytes: [UInt8]) throws(VerityError) -> RGBImage {
        try decodeMeasuringCompleteness(bytes).image
    }

    /// The image and the share of its rows the file held (1 but for a JPEG
    /// that ended early, whose missing rows libjpeg leaves flat). Throws
    /// `INVALID_IMAGE` when less than `minimumCompleteness` is there.
    public func decodeMeasuringCompleteness(_ bytes: [UInt8]) throws(VerityError) -> (image: RGBImage, completeness: Double) {
        guard !bytes.isEmpty else { throw ImageHeader.invalid("The image is empty.") }
        guard bytes.count <= maximumBytes else {
            throw VerityError(.imageTooLarge, "Images are at most \(maximumBytes / 1_048_576) MiB.", field: "image")
        }
        let header = try ImageHeader.read(bytes)
        guard header.width <= maximumSide, header.height <= maximumSide,
              header.width * header.height <= maximumPixels else {
            throw VerityError(.imageTooLarge, "Images are at most \(maximumPixels / 1_000_000) megapixels and \(maximumSide) pixels a side; this one declares \(header.width) × \(header.height).", field: "image")
        }
        if header.endsEarly { return try partialJPEG(bytes, header: header) }
        LeptonicaSetup.once
        guard let decoded = bytes.withUnsafeBufferPointer({ pixReadMem($0.baseAddress, $0.count) }) else {
            throw ImageHeader.invalid("The \(header.format.rawValue.uppercased()) image could not be decoded.")
        }
        var pix: UnsafeMutablePointer<PIX>? = decoded
        defer { pixDestroy(&pix) }
        guard pixGetWidth(decoded) == header.width || header.format == .gif,
              Int(pixGetWidth(decoded)) * Int(pixGetHeight(decoded)) <= maximumPixels else {
            throw ImageHeader.invalid("The image's pixels do not match its header.")
        }
        let image = try Leptonica.rgb(from: decoded)
        return (header.format == .jpeg ? image.displayed(ExifOrientation.read(jpeg: bytes)) : image, 1)
    }

    /// A JPEG that ended early, decoded by libjpeg as far as its data goes
    /// (Leptonica refuses such files whole).
    private func partialJPEG(_ bytes: [UInt8], header: ImageHeader) throws(VerityError) -> (image: RGBImage, completeness: Double) {
        var pixels: UnsafeMutablePointer<UInt8>?
        var width: Int32 = 0, height: Int32 = 0, warnings: Int32 = 0
        let status = bytes.withUnsafeBufferPointer { cjpeg_decode_partial($0.baseAddress, $0.count, &pixels, &width, &height, &warnings) }
        guard status == 0, let pixels, Int(width) == header.width, Int(height) == header.height else {
            if let pixels { cjpeg_free(pixels) }
            throw ImageHeader.invalid("The JPEG file is truncated.")
        }
        defer { cjpeg_free(pixels) }
        let image = RGBImage(width: Int(width), height: Int(height), pixels: Array(UnsafeBufferPointer(start: pixels, count: Int(width) * Int(height) * 3)))
        let completeness = Self.decodedShare(image)
        guard completeness >= minimumCompleteness else {
            throw ImageHeader.invalid("The JPEG file is truncated: only \(Int(completeness * 100)) % of the picture is there.")
        }
        return (image.displayed(ExifOrientation.read(jpeg: bytes)), completeness)
    }

    /// Rows libjpeg had no data for are flat, one colour edge to edge, from the
    /// bottom up; a photographed document has no such rows.
    static func decodedShare(_ image: RGBImage) -> Double {
        var flat = 0
        image.pixels.withUnsafeBufferPointer { p in
            rows: for y in stride(from: image.height - 1, through: 0, by: -1) {
                let start = y * image.width * 3
                for x in 1..<image.width where p[start + x * 3] != p[start] || p[start + x * 3 + 1] != p[start + 1]
                    || p[start + x * 3 + 2] != p[start + 2] {
                    break rows
                }
                flat += 1
            }
        }
        return Double(image.height - flat) / Double(max(1, image.height))
    }
}

/// Conversions between Leptonica's PIX and Swift images.
enum Leptonica {
    /// Leptonica keeps 32-bit pixels as one word each, red in the most
    /// significant byte, whatever the machine's byte order.
    static func rgb(from pix: UnsafeMutablePointer<PIX>) throws(VerityError) -> RGBImage {
        guard let rgb = pixConvertTo32(pix) else { throw ImageHeader.invalid("The image's colour format is not supported.") }
        defer { var owned: UnsafeMutablePointer<PIX>? = rgb; pixDestroy(&owned) }
        let width = Int(pixGetWidth(rgb)), height = Int(pixGetHeight(rgb)), wordsPerLine = Int(pixGetWpl(rgb))
        guard let data = pixGetData(rgb) else { throw ImageHeader.invalid("The image has no pixels.") }
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        pixels.withUnsafeMutableBufferPointer { out in
            for y in 0..<height {
                let line = data + y * wordsPerLine
                for x in 0..<width {
                    let word = line[x]
                    let index = (y * width + x) * 3
                    out[index] = UInt8(truncatingIfNeeded: word >> 24)
                    out[index + 1] = UInt8(truncatingIfNeeded: word >> 16)
                    out[index + 2] = UInt8(truncatingIfNeeded: word >> 8)
                }
            }
        }
        return RGBImage(width: width, height: height, pixels: pixels)
    }
}

/// Leptonica prints every error to stderr; Verity reports errors itself.
enum LeptonicaSetup {
    static let once: Void = {
        _ = setMsgSeverity(Int32(L_SEVERITY_NONE))
    }()
}
