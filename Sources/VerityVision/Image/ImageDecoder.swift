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

    /// Throws `INVALID_IMAGE` or `IMAGE_TOO_LARGE`.
    public func decode(_ bytes: [UInt8]) throws(VerityError) -> RGBImage {
        guard !bytes.isEmpty else { throw ImageHeader.invalid("The image is empty.") }
        guard bytes.count <= maximumBytes else {
            throw VerityError(.imageTooLarge, "Images are at most \(maximumBytes / 1_048_576) MiB.", field: "image")
        }
        let header = try ImageHeader.read(bytes)
        guard header.width <= maximumSide, header.height <= maximumSide,
              header.width * header.height <= maximumPixels else {
            throw VerityError(.imageTooLarge, "Images are at most \(maximumPixels / 1_000_000) megapixels and \(maximumSide) pixels a side; this one declares \(header.width) × \(header.height).", field: "image")
        }
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
        return header.format == .jpeg ? image.displayed(ExifOrientation.read(jpeg: bytes)) : image
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
