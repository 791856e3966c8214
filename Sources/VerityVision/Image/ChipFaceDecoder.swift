import CLeptonica
import VerityCore

/// Decodes the face a passport's chip holds (DG2): a JPEG, through the same
/// intake as any upload, or a JPEG 2000 (JP2 file or bare codestream),
/// through OpenJPEG, which Leptonica links. A JPEG 2000's size is read from its
/// codestream's SIZ marker before a pixel is decoded, and the decoder's output
/// must match it: a chip's portrait is small, so anything larger is refused.
public struct ChipFaceDecoder: Sendable {
    /// ICAO's portraits are about 420×525; 2,000 a side leaves room for any real one.
    public var maximumSide = 2000
    public var maximumComponents = 4

    public init() {}

    /// Throws `INVALID_IMAGE` or `IMAGE_TOO_LARGE` (field `chip.dg2`).
    public func decode(_ bytes: [UInt8]) throws(VerityError) -> RGBImage {
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
            do { return try ImageDecoder().decode(bytes) } catch { throw VerityError(error.code, error.message, field: Self.field) }
        }
        let size = try JPEG2000Layout.size(bytes)
        guard size.width <= maximumSide, size.height <= maximumSide, size.components <= maximumComponents else {
            throw VerityError(.imageTooLarge, "The chip's face image declares \(size.width)×\(size.height) pixels, more than a chip holds.", field: Self.field)
        }
        LeptonicaSetup.once
        guard let decoded = bytes.withUnsafeBufferPointer({ pixReadMemJp2k($0.baseAddress, $0.count, 1, nil, 0, 0) }) else {
            throw Self.invalid("The chip's JPEG 2000 face image could not be decoded.")
        }
        var pix: UnsafeMutablePointer<PIX>? = decoded
        defer { pixDestroy(&pix) }
        guard Int(pixGetWidth(decoded)) == size.width, Int(pixGetHeight(decoded)) == size.height else {
            throw Self.invalid("The chip's face image's pixels do not match its header.")
        }
        return try Leptonica.rgb(from: decoded)
    }

    static let field = "chip.dg2"

    static func invalid(_ message: String) -> VerityError {
        VerityError(.invalidImage, message, field: field)
    }
}

/// A JPEG 2000's image size, from the SIZ marker that follows the codestream's
/// start (ISO/IEC 15444-1 A.5.1); in a JP2 file, the codestream is the `jp2c` box.
enum JPEG2000Layout {
    struct Size: Equatable {
        let width: Int
        let height: Int
        let components: Int
    }

    static func size(_ bytes: [UInt8]) throws(VerityError) -> Size {
        let codestream = try codestreamStart(bytes)
        // SOC (FF4F), SIZ (FF51), Lsiz, Rsiz, Xsiz, Ysiz, XOsiz, YOsiz, XTsiz, YTsiz, XTOsiz, YTOsiz, Csiz.
        guard bytes.count >= codestream + 42, bytes[codestream] == 0xFF, bytes[codestream + 1] == 0x4F,
              bytes[codestream + 2] == 0xFF, bytes[codestream + 3] == 0x51 else {
            throw ChipFaceDecoder.invalid("The chip's JPEG 2000 image has no size marker.")
        }
        func word(_ at: Int) -> Int { bytes[(codestream + at)..<(codestream + at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        let width = word(8) - word(16), height = word(12) - word(20)
        let components = Int(bytes[codestream + 40]) << 8 | Int(bytes[codestream + 41])
        guard width > 0, height > 0, components > 0 else { throw ChipFaceDecoder.invalid("The chip's JPEG 2000 image declares no pixels.") }
        return Size(width: width, height: height, components: components)
    }

    /// Where the codestream starts: at 0 for a bare one, after the `jp2c` box's header in a JP2 file.
    private static func codestreamStart(_ bytes: [UInt8]) throws(VerityError) -> Int {
        if bytes.starts(with: [0xFF, 0x4F, 0xFF, 0x51]) { return 0 }
        guard bytes.starts(with: [0x00, 0x00, 0x00, 0x0C, 0x6A, 0x50, 0x20, 0x20]) else {
            throw ChipFaceDecoder.invalid("The chip's face image is neither JPEG nor JPEG 2000.")
        }
        var offset = 0
        while offset + 8 <= bytes.count {
            var length = bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
            let type = Array(bytes[(offset + 4)..<(offset + 8)])
            var header = 8
            if length == 1 {
                guard offset + 16 <= bytes.count else { break }
                length = bytes[(offset + 8)..<(offset + 16)].reduce(0) { $0 << 8 | Int($1) }
                header = 16
            }
            if type == Array("jp2c".utf8) { return offset + header }
            guard length >= header, length <= bytes.count - offset else { break }
            offset += length
        }
        throw ChipFaceDecoder.invalid("The chip's JP2 image holds no codestream.")
    }
}
