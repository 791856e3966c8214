import VerityCore

/// A GIF's blocks walked from the header to the trailer (GIF89a
/// specification, §17–27): every extension and every frame, their
/// length-prefixed sub-blocks skipped without decompressing them.
///
/// Decoders allocate every frame (giflib's `DGifSlurp`, which Leptonica
/// uses, decodes them all), so the size that counts is the largest extent
/// of the screen and of any frame, and the frames are counted: documents
/// and selfies are stills.
enum GIFLayout {
    static func read(_ bytes: [UInt8]) throws(VerityError) -> ImageHeader {
        guard bytes.count >= 13 else { throw ImageHeader.invalid("The GIF file is truncated.") }
        var width = ByteFields.littleEndian16(bytes, 6), height = ByteFields.littleEndian16(bytes, 8)
        var index = 13
        if bytes[10] & 0x80 != 0 { index += colourTable(bytes[10]) }
        var frames = 0
        while index < bytes.count {
            switch bytes[index] {
            case 0x21:  // an extension: its label, then sub-blocks
                index = try subBlocks(bytes, from: index + 2)
            case 0x2C:  // an image: its descriptor, a local colour table, the LZW code size, sub-blocks
                guard index + 10 <= bytes.count else { throw ImageHeader.invalid("The GIF file is truncated.") }
                frames += 1
                let left = ByteFields.littleEndian16(bytes, index + 1), top = ByteFields.littleEndian16(bytes, index + 3)
                width = max(width, left + ByteFields.littleEndian16(bytes, index + 5))
                height = max(height, top + ByteFields.littleEndian16(bytes, index + 7))
                let packed = bytes[index + 9]
                index += 10
                if packed & 0x80 != 0 { index += colourTable(packed) }
                guard index < bytes.count else { throw ImageHeader.invalid("The GIF file is truncated.") }
                guard (2...8).contains(bytes[index]) else { throw ImageHeader.invalid("The GIF file is malformed.") }
                index = try subBlocks(bytes, from: index + 1)
            case 0x3B:  // the trailer
                guard frames > 0 else { throw ImageHeader.invalid("The GIF file holds no image.") }
                var header = try ImageHeader.sized(.gif, width: width, height: height)
                header.frames = frames
                return header
            default:
                throw ImageHeader.invalid("The GIF file is malformed.")
            }
        }
        throw ImageHeader.invalid(frames == 0 ? "The GIF file holds no image." : "The GIF file is truncated.")
    }

    /// A colour table's bytes: three per entry, 2^(size + 1) entries.
    private static func colourTable(_ packed: UInt8) -> Int {
        3 << (Int(packed & 0x07) + 1)
    }

    /// The index after the sub-blocks starting at `start` and their zero terminator.
    private static func subBlocks(_ bytes: [UInt8], from start: Int) throws(VerityError) -> Int {
        var index = start
        while index < bytes.count {
            let size = Int(bytes[index])
            index += 1
            if size == 0 { return index }
            index += size
        }
        throw ImageHeader.invalid("The GIF file is truncated.")
    }
}
