import VerityCore

/// What an image file declares about itself, read from its header without
/// decoding a pixel: the format (by magic bytes, never by name) and the size.
public struct ImageHeader: Sendable, Equatable {
    public enum Format: String, Sendable, Codable { case png, jpeg, gif }

    public let format: Format
    public let width: Int
    public let height: Int
    /// A JPEG without its end-of-image marker: it ended early (an interrupted
    /// upload or copy) and is decoded as far as it goes.
    public var endsEarly = false

    /// Reads the header of `bytes`. Throws `INVALID_IMAGE` for other formats,
    /// malformed or truncated files.
    public static func read(_ bytes: [UInt8]) throws(VerityError) -> ImageHeader {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return try png(bytes) }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return try jpeg(bytes) }
        if bytes.starts(with: Array("GIF87a".utf8)) || bytes.starts(with: Array("GIF89a".utf8)) { return try gif(bytes) }
        throw invalid("Only PNG, JPEG and GIF images are accepted.")
    }

    static func invalid(_ message: String) -> VerityError {
        VerityError(.invalidImage, message, field: "image")
    }

    // MARK: PNG

    private static func png(_ bytes: [UInt8]) throws(VerityError) -> ImageHeader {
        guard bytes.count >= 33, Array(bytes[12..<16]) == Array("IHDR".utf8) else { throw invalid("The PNG file has no header chunk.") }
        // A complete PNG ends with the IEND chunk (and its CRC); some tools append a few bytes after it.
        let tail = Array(bytes.suffix(64)), iend = Array("IEND".utf8)
        guard bytes.count >= 45, tail.indices.dropLast(3).contains(where: { Array(tail[$0..<($0 + 4)]) == iend }) else {
            throw invalid("The PNG file is truncated.")
        }
        return try sized(.png, width: bigEndian32(bytes, 16), height: bigEndian32(bytes, 20))
    }

    // MARK: JPEG

    private static func jpeg(_ bytes: [UInt8]) throws(VerityError) -> ImageHeader {
        // Some cameras append data after the end-of-image marker; allow a little.
        let tail = bytes.suffix(1024)
        let endsEarly = !zip(tail, tail.dropFirst()).contains(where: { $0 == 0xFF && $1 == 0xD9 })
        var index = 2
        while index + 4 <= bytes.count {
            guard bytes[index] == 0xFF else { throw invalid("The JPEG file is malformed.") }
            let marker = bytes[index + 1]
            if marker == 0xFF { index += 1; continue }
            if marker == 0xD8 || (0xD0...0xD7).contains(marker) || marker == 0x01 { index += 2; continue }
            let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
            guard length >= 2, index + 2 + length <= bytes.count else { throw invalid("The JPEG file is malformed.") }
            let isFrame = (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC
            if isFrame {
                guard length >= 7 else { throw invalid("The JPEG file is malformed.") }
                let height = Int(bytes[index + 5]) << 8 | Int(bytes[index + 6])
                let width = Int(bytes[index + 7]) << 8 | Int(bytes[index + 8])
                var header = try sized(.jpeg, width: width, height: height)
                header.endsEarly = endsEarly
                return header
            }
            if marker == 0xDA || marker == 0xD9 { break }
            index += 2 + length
        }
        throw invalid(endsEarly ? "The JPEG file is truncated." : "The JPEG file has no frame header.")
    }

    // MARK: GIF

    private static func gif(_ bytes: [UInt8]) throws(VerityError) -> ImageHeader {
        guard bytes.count >= 13 else { throw invalid("The GIF file is truncated.") }
        let screenWidth = littleEndian16(bytes, 6), screenHeight = littleEndian16(bytes, 8)
        var index = 13
        if bytes[10] & 0x80 != 0 { index += 3 << (Int(bytes[10] & 0x07) + 1) }
        // Walk extensions to the first image: its own size can exceed the screen's.
        while index < bytes.count {
            switch bytes[index] {
            case 0x21:
                index += 2
                while index < bytes.count, bytes[index] != 0 { index += Int(bytes[index]) + 1 }
                index += 1
            case 0x2C:
                guard index + 10 <= bytes.count else { throw invalid("The GIF file is truncated.") }
                let width = littleEndian16(bytes, index + 5), height = littleEndian16(bytes, index + 7)
                guard bytes.last == 0x3B else { throw invalid("The GIF file is truncated.") }
                // Decoders allocate for the larger of the screen and the frame.
                return try sized(.gif, width: max(width, screenWidth), height: max(height, screenHeight))
            default:
                throw invalid("The GIF file is malformed.")
            }
        }
        throw invalid("The GIF file holds no image.")
    }

    // MARK: Helpers

    private static func sized(_ format: Format, width: Int, height: Int) throws(VerityError) -> ImageHeader {
        guard width > 0, height > 0 else { throw invalid("The image declares no pixels.") }
        return ImageHeader(format: format, width: width, height: height)
    }

    private static func bigEndian32(_ bytes: [UInt8], _ offset: Int) -> Int {
        (0..<4).reduce(0) { $0 << 8 | Int(bytes[offset + $1]) }
    }

    private static func littleEndian16(_ bytes: [UInt8], _ offset: Int) -> Int {
        Int(bytes[offset]) | Int(bytes[offset + 1]) << 8
    }
}
