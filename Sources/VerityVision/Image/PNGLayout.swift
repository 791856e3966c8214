import VerityCore

/// A PNG's chunks walked from the signature to IEND (PNG specification,
/// third edition, §5), every length checked against the file before it is
/// followed.
///
/// What a decoder gets is a copy holding only the chunks that draw the
/// picture. The rest are where small files hide large work: zTXt, iTXt and
/// iCCP are deflated and libpng inflates them while it reads (up to 8 MB
/// each, any number of them); APNG's frames and private chunks are never
/// drawn. Nothing Verity reads depends on them.
enum PNGLayout {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    /// The chunks a decoder keeps: the header, the palette and its
    /// transparency, the pixels, the end.
    static let drawn: Set<String> = ["IHDR", "PLTE", "tRNS", "IDAT", "IEND"]
    /// PNG's own limit for a chunk's length and an image's side (§5.3, §11.2.2).
    static let formatLimit = Int(Int32.max)

    static func read(_ bytes: [UInt8]) throws(VerityError) -> (header: ImageHeader, decodable: [UInt8]) {
        var index = signature.count
        var decodable = signature
        decodable.reserveCapacity(bytes.count)
        var header: ImageHeader?
        var colourType = 0
        var sawPalette = false, sawData = false, dataEnded = false
        while true {
            guard index + 12 <= bytes.count else {
                throw ImageHeader.invalid(header == nil ? "The PNG file has no header chunk." : "The PNG file is truncated.")
            }
            let length = ByteFields.bigEndian32(bytes, index)
            guard length <= formatLimit else { throw ImageHeader.invalid("The PNG file is malformed: a chunk declares \(length) bytes.") }
            let end = index + 12 + length
            guard end <= bytes.count else { throw ImageHeader.invalid("The PNG file is truncated.") }
            let typeBytes = bytes[(index + 4)..<(index + 8)]
            guard typeBytes.allSatisfy(isLetter) else { throw ImageHeader.invalid("The PNG file is malformed: a chunk has no name.") }
            let type = String(decoding: typeBytes, as: UTF8.self)
            if header == nil, type != "IHDR" { throw ImageHeader.invalid("The PNG file has no header chunk.") }
            switch type {
            case "IHDR":
                guard header == nil, length == 13 else { throw ImageHeader.invalid("The PNG file's header chunk is malformed.") }
                header = try imageHeader(bytes, at: index + 8)
                colourType = Int(bytes[index + 17])
            case "PLTE":
                sawPalette = true
            case "IDAT":
                // The pixels are one deflate stream split over consecutive chunks (§5.6).
                guard !dataEnded else { throw ImageHeader.invalid("The PNG file is malformed: its pixel data is split by other chunks.") }
                sawData = true
            case "IEND":
                guard sawData, let header else { throw ImageHeader.invalid("The PNG file holds no pixel data.") }
                guard colourType != 3 || sawPalette else { throw ImageHeader.invalid("The PNG file's palette is missing.") }
                decodable += bytes[index..<end]
                // Bytes some tools append after IEND are not read.
                return (header, decodable)
            default:
                // A critical chunk (upper-case first letter) a decoder does not know fails the decode (§5.4).
                if typeBytes.first.map({ $0 < 0x61 }) == true {
                    throw ImageHeader.invalid("The PNG file holds a chunk no decoder knows (\(type)).")
                }
            }
            if sawData, type != "IDAT" { dataEnded = true }
            if drawn.contains(type) { decodable += bytes[index..<end] }
            index = end
        }
    }

    /// IHDR's fields (§11.2.2): sides within PNG's limit, and a bit depth
    /// and colour type that go together.
    private static func imageHeader(_ bytes: [UInt8], at offset: Int) throws(VerityError) -> ImageHeader {
        let width = ByteFields.bigEndian32(bytes, offset), height = ByteFields.bigEndian32(bytes, offset + 4)
        guard width <= formatLimit, height <= formatLimit else {
            throw ImageHeader.invalid("The PNG file declares \(width) × \(height) pixels; PNG allows at most \(formatLimit) a side.")
        }
        let depth = Int(bytes[offset + 8]), colourType = Int(bytes[offset + 9])
        let depths: [Int: Set<Int>] = [0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16]]
        guard depths[colourType]?.contains(depth) == true, bytes[offset + 10] == 0, bytes[offset + 11] == 0, bytes[offset + 12] <= 1 else {
            throw ImageHeader.invalid("The PNG file's header chunk is malformed.")
        }
        return try ImageHeader.sized(.png, width: width, height: height)
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }
}
