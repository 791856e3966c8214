import CJPEG
import CLeptonica
import VerityCore

/// Decodes PNG, JPEG and GIF with Leptonica once `ImageIntake` has admitted
/// them, so a decompression bomb is refused before a byte is inflated; JPEGs
/// come out turned as their EXIF orientation says, and large ones at a
/// reduced scale.
public struct ImageDecoder: Sendable {
    /// What may be decoded at all.
    public var intake = ImageIntake()

    /// Share of the rows a JPEG that ended early must still hold to be read.
    public var minimumCompleteness = 0.6

    /// A JPEG whose long side is at least twice this is decoded at ½, ¼ or ⅛
    /// of its size by libjpeg itself (its DCT scaling), the largest reduction
    /// that keeps the long side at least this: the engines read a page at
    /// 2,400 pixels at most, and a 40-megapixel photo decoded whole costs
    /// 120 MB before it is shrunk.
    public var reducedSide = 3000

    public init() {}

    /// Throws `INVALID_IMAGE`, `IMAGE_TOO_LARGE` or `UNSUPPORTED_IMAGE`.
    public func decode(_ bytes: [UInt8]) throws(VerityError) -> RGBImage {
        try decodeMeasuringCompleteness(bytes).image
    }

    /// The image and the share of its rows the file held (1 but for a JPEG
    /// that ended early, whose missing rows libjpeg leaves flat). Throws
    /// `INVALID_IMAGE` when less than `minimumCompleteness` is there.
    public func decodeMeasuringCompleteness(_ bytes: [UInt8]) throws(VerityError) -> (image: RGBImage, completeness: Double) {
        let admitted = try intake.admit(bytes)
        let header = admitted.header
        if header.endsEarly { return try partialJPEG(bytes, header: header) }
        LeptonicaSetup.once
        let reduction = header.format == .jpeg ? jpegReduction(header) : 1
        let read = admitted.decodable.withUnsafeBufferPointer { buffer in
            header.format == .jpeg
                ? pixReadMemJpeg(buffer.baseAddress, buffer.count, 0, Int32(reduction), nil, 0)
                : pixReadMem(buffer.baseAddress, buffer.count)
        }
        guard let decoded = read else {
            throw ImageHeader.invalid("The \(header.format.rawValue.uppercased()) image could not be decoded.")
        }
        var pix: UnsafeMutablePointer<PIX>? = decoded
        defer { pixDestroy(&pix) }
        // The decoder's own idea of the size must be the header's (scaled as asked, rounded up as libjpeg does).
        let expectedWidth = (header.width + reduction - 1) / reduction, expectedHeight = (header.height + reduction - 1) / reduction
        guard Int(pixGetWidth(decoded)) == expectedWidth && Int(pixGetHeight(decoded)) == expectedHeight
              || header.format == .gif && Int(pixGetWidth(decoded)) <= header.width && Int(pixGetHeight(decoded)) <= header.height else {
            throw ImageHeader.invalid("The image's pixels do not match its header.")
        }
        let image = try Leptonica.rgb(from: decoded)
        return (header.format == .jpeg ? image.displayed(ExifOrientation.read(jpeg: bytes)) : image, 1)
    }

    /// 1, 2, 4 or 8: the largest reduction keeping the long side at least `reducedSide`.
    func jpegReduction(_ header: ImageHeader) -> Int {
        let longSide = max(header.width, header.height)
        return [8, 4, 2].first { longSide / $0 >= reducedSide } ?? 1
    }

    /// A JPEG that ended early, decoded by libjpeg as far as its data goes
    /// (Leptonica refuses such files whole).
    private func partialJPEG(_ bytes: [UInt8], header: ImageHeader) throws(VerityError) -> (image: RGBImage, completeness: Double) {
        var pixels: UnsafeMutablePointer<UInt8>?
        var width: Int32 = 0, height: Int32 = 0, warnings: Int32 = 0
        let reduction = jpegReduction(header)
        let status = bytes.withUnsafeBufferPointer { cjpeg_decode_partial($0.baseAddress, $0.count, Int32(reduction), &pixels, &width, &height, &warnings) }
        guard status == 0, let pixels, Int(width) == (header.width + reduction - 1) / reduction,
              Int(height) == (header.height + reduction - 1) / reduction else {
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
