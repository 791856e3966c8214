import VerityCore

/// What an image file declares about itself, found by walking its structure
/// end to end without decoding a pixel: the format (by magic bytes, never by
/// name), the size a decoder would allocate, and the counts that make a small
/// file cost a decoder much (frames, scans). `ImageIntake` decides from it
/// whether the file may be decoded at all.
public struct ImageHeader: Sendable, Equatable {
    public enum Format: String, Sendable, Codable, CaseIterable { case png, jpeg, gif }

    public let format: Format
    /// The canvas a decoder allocates: for a GIF the larger of the screen and
    /// every frame's extent.
    public let width: Int
    public let height: Int
    /// A JPEG without its end-of-image marker: it ended early (an interrupted
    /// upload or copy) and is decoded as far as it goes.
    public var endsEarly = false
    /// The pictures the file holds: a GIF's frames; 1 for PNG and JPEG (a
    /// PNG's animation chunks are not decoded).
    public var frames = 1
    /// A JPEG's scans (a baseline photo has 1, a progressive one about 10);
    /// 0 for PNG and GIF.
    public var scans = 0
    /// A progressive JPEG: libjpeg keeps all its coefficients in memory at once.
    public var progressive = false

    public init(format: Format, width: Int, height: Int) {
        self.format = format
        self.width = width
        self.height = height
    }

    /// Walks `bytes`. Throws `INVALID_IMAGE` for malformed or truncated files,
    /// `UNSUPPORTED_IMAGE` for image formats Verity does not take (named, so
    /// a user sending a HEIC photo learns why).
    public static func read(_ bytes: [UInt8]) throws(VerityError) -> ImageHeader {
        try layout(bytes).header
    }

    /// The header and the bytes a decoder may read: the file itself, but for
    /// a PNG without the chunks that do not draw the picture (`PNGLayout`).
    static func layout(_ bytes: [UInt8]) throws(VerityError) -> (header: ImageHeader, decodable: [UInt8]) {
        if bytes.starts(with: PNGLayout.signature) { return try PNGLayout.read(bytes) }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return (try JPEGLayout.read(bytes), bytes) }
        if bytes.starts(with: Array("GIF87a".utf8)) || bytes.starts(with: Array("GIF89a".utf8)) { return (try GIFLayout.read(bytes), bytes) }
        if let other = OtherImageFormats.name(of: bytes) {
            throw VerityError(.unsupportedImage, "\(other) images are not accepted: send a JPEG or PNG.", field: "image")
        }
        throw invalid("Only PNG, JPEG and GIF images are accepted.")
    }

    static func invalid(_ message: String) -> VerityError {
        VerityError(.invalidImage, message, field: "image")
    }

    /// A header with a positive size; sides are checked against the budget by `ImageIntake`.
    static func sized(_ format: Format, width: Int, height: Int) throws(VerityError) -> ImageHeader {
        guard width > 0, height > 0 else { throw invalid("The image declares no pixels.") }
        return ImageHeader(format: format, width: width, height: height)
    }
}

/// Reading numbers out of a file's bytes; callers check the bounds first.
enum ByteFields {
    static func bigEndian32(_ bytes: [UInt8], _ offset: Int) -> Int {
        (0..<4).reduce(0) { $0 << 8 | Int(bytes[offset + $1]) }
    }

    static func bigEndian16(_ bytes: [UInt8], _ offset: Int) -> Int {
        Int(bytes[offset]) << 8 | Int(bytes[offset + 1])
    }

    static func littleEndian16(_ bytes: [UInt8], _ offset: Int) -> Int {
        Int(bytes[offset]) | Int(bytes[offset + 1]) << 8
    }
}
