import Foundation
import VerityCore

/// A JPEG's segments walked from SOI to EOI (ITU-T T.81, annex B), through
/// the entropy-coded data of every scan, so what the file costs a decoder is
/// known before libjpeg starts: its one frame's size, and its scans (libjpeg
/// decodes each scan over the whole image, so thousands of scans in a small
/// file cost minutes of CPU; `ImageIntake` refuses them).
enum JPEGLayout {
    static func read(_ bytes: [UInt8]) throws(VerityError) -> ImageHeader {
        var header: ImageHeader?
        var scans = 0
        var index = 2
        while true {
            guard index + 2 <= bytes.count else { return try ended(header, scans: scans) }
            guard bytes[index] == 0xFF else {
                // Bytes between segments: libjpeg skips them to the next marker (with a
                // warning), and so does the walk; a file of nothing else has no frame.
                guard let next = nextFF(bytes, from: index) else { return try ended(header, scans: scans) }
                index = next
                continue
            }
            let marker = bytes[index + 1]
            switch marker {
            case 0xFF:
                index += 1  // a fill byte before a marker
                continue
            case 0xD9:
                // Scans are counted, and a frame without any refused, by `ImageIntake` after the size.
                guard var header else { throw ImageHeader.invalid("The JPEG file has no frame header.") }
                header.scans = scans
                return header
            case 0xD8, 0xD0...0xD7, 0x01:
                index += 2  // markers without a length
                continue
            default:
                break
            }
            guard index + 4 <= bytes.count else { return try ended(header, scans: scans) }
            let length = ByteFields.bigEndian16(bytes, index + 2)
            guard length >= 2 else { throw ImageHeader.invalid("The JPEG file is malformed.") }
            let end = index + 2 + length
            guard end <= bytes.count else { return try ended(header, scans: scans) }
            if isFrame(marker) {
                guard header == nil else { throw ImageHeader.invalid("The JPEG file holds more than one frame.") }
                header = try frame(bytes, at: index, length: length, progressive: [0xC2, 0xC6, 0xCA, 0xCE].contains(marker))
                index = end
            } else if marker == 0xDA {
                guard header != nil else { throw ImageHeader.invalid("The JPEG file's image data comes before its frame header.") }
                scans += 1
                guard let next = nextMarker(bytes, after: end) else { return try ended(header, scans: scans) }
                index = next
            } else {
                index = end
            }
        }
    }

    /// SOF0–SOF15 but DHT (C4), JPG (C8) and DAC (CC), which share the range.
    private static func isFrame(_ marker: UInt8) -> Bool {
        (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC
    }

    /// The frame header's size (B.2.2): a height of 0 (set later by a DNL
    /// marker) is refused, as libjpeg refuses it.
    private static func frame(_ bytes: [UInt8], at index: Int, length: Int, progressive: Bool) throws(VerityError) -> ImageHeader {
        guard length >= 8 else { throw ImageHeader.invalid("The JPEG file's frame header is malformed.") }
        let components = Int(bytes[index + 9])
        guard (1...4).contains(components), length == 8 + 3 * components else {
            throw ImageHeader.invalid("The JPEG file's frame header is malformed.")
        }
        var header = try ImageHeader.sized(.jpeg, width: ByteFields.bigEndian16(bytes, index + 7), height: ByteFields.bigEndian16(bytes, index + 5))
        header.progressive = progressive
        return header
    }

    /// Where the marker after a scan's entropy-coded data starts: the first
    /// 0xFF followed by neither a stuffed 0x00 nor a restart marker. nil when
    /// the data runs to the end of the file.
    private static func nextMarker(_ bytes: [UInt8], after start: Int) -> Int? {
        bytes.withUnsafeBufferPointer { buffer -> Int? in
            guard let base = buffer.baseAddress else { return nil }
            var index = start
            while index < buffer.count {
                guard let found = memchr(base + index, 0xFF, buffer.count - index) else { return nil }
                let at = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
                guard at + 1 < buffer.count else { return nil }
                let following = buffer[at + 1]
                if following == 0x00 || (0xD0...0xD7).contains(following) || following == 0xFF {
                    index = at + 1
                    continue
                }
                return at
            }
            return nil
        }
    }

    /// The next 0xFF at or after `start`.
    private static func nextFF(_ bytes: [UInt8], from start: Int) -> Int? {
        bytes.withUnsafeBufferPointer { buffer -> Int? in
            guard let base = buffer.baseAddress, start < buffer.count, let found = memchr(base + start, 0xFF, buffer.count - start) else {
                return nil
            }
            return UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
        }
    }

    /// The file ended before EOI: an upload cut short is decoded as far as it
    /// goes once a scan has begun (`ImageIntake` refuses it with no scan).
    private static func ended(_ header: ImageHeader?, scans: Int) throws(VerityError) -> ImageHeader {
        guard var header else { throw ImageHeader.invalid("The JPEG file is truncated.") }
        header.endsEarly = true
        header.scans = scans
        return header
    }
}
