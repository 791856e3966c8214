/// The orientation a camera records in a JPEG's EXIF block instead of turning
/// the pixels. Decoders (Leptonica, dlib) ignore it, so a phone photo taken in
/// portrait arrives sideways: the decoder applies it before anything looks at
/// the pixels.
public enum ExifOrientation: Int, Sendable {
    case normal = 1, mirrored, upsideDown, upsideDownMirrored, transposed, turnedClockwise, transverse, turnedCounterclockwise

    static let tag: UInt16 = 0x0112

    /// The orientation recorded in a JPEG file, `.normal` when there is none or it is malformed.
    static func read(jpeg bytes: [UInt8]) -> ExifOrientation {
        guard bytes.starts(with: [0xFF, 0xD8]) else { return .normal }
        var index = 2
        // Segments up to the start of the compressed data; EXIF is near the front.
        while index + 4 <= bytes.count, bytes[index] == 0xFF {
            let marker = bytes[index + 1]
            if marker == 0xDA || marker == 0xD9 { break }
            let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
            guard length >= 2, index + 2 + length <= bytes.count else { break }
            let payload = (index + 4)..<(index + 2 + length)
            if marker == 0xE1, let found = orientation(in: bytes[payload]) { return found }
            index += 2 + length
        }
        return .normal
    }

    /// Reads tag 0x0112 from IFD0 of an APP1 "Exif" payload.
    private static func orientation(in payload: ArraySlice<UInt8>) -> ExifOrientation? {
        let exif = Array(payload)
        guard exif.count >= 14, exif.starts(with: Array("Exif".utf8) + [0, 0]) else { return nil }
        let tiff = Array(exif[6...])
        let littleEndian: Bool
        switch (tiff[0], tiff[1]) {
        case (0x49, 0x49): littleEndian = true
        case (0x4D, 0x4D): littleEndian = false
        default: return nil
        }
        func u16(_ at: Int) -> Int? {
            guard at >= 0, at + 2 <= tiff.count else { return nil }
            return littleEndian ? Int(tiff[at]) | Int(tiff[at + 1]) << 8 : Int(tiff[at]) << 8 | Int(tiff[at + 1])
        }
        func u32(_ at: Int) -> Int? {
            guard let high = u16(littleEndian ? at + 2 : at), let low = u16(littleEndian ? at : at + 2) else { return nil }
            return high << 16 | low
        }
        guard u16(2) == 42, let ifd = u32(4), let entries = u16(ifd), entries <= 1000 else { return nil }
        for entry in 0..<entries {
            let at = ifd + 2 + entry * 12
            guard let tag = u16(at) else { return nil }
            // SHORT (type 3), one value, stored in the first two bytes of the value field.
            if tag == Int(Self.tag), u16(at + 2) == 3, let value = u16(at + 8) {
                return ExifOrientation(rawValue: value)
            }
        }
        return nil
    }
}

extension RGBImage {
    /// The image as it should be shown, given how the camera recorded it.
    func displayed(_ orientation: ExifOrientation) -> RGBImage {
        let w = width, h = height
        switch orientation {
        case .normal: return self
        case .mirrored: return remapped(width: w, height: h) { x, y in (w - 1 - x, y) }
        case .upsideDown: return remapped(width: w, height: h) { x, y in (w - 1 - x, h - 1 - y) }
        case .upsideDownMirrored: return remapped(width: w, height: h) { x, y in (x, h - 1 - y) }
        case .transposed: return remapped(width: h, height: w) { x, y in (y, x) }
        case .turnedClockwise: return remapped(width: h, height: w) { x, y in (y, h - 1 - x) }
        case .transverse: return remapped(width: h, height: w) { x, y in (w - 1 - y, h - 1 - x) }
        case .turnedCounterclockwise: return remapped(width: h, height: w) { x, y in (w - 1 - y, x) }
        }
    }

    /// Turned clockwise by 90, 180 or 270 degrees.
    func rotated(clockwise degrees: Int) -> RGBImage {
        switch ((degrees / 90) % 4 + 4) % 4 {
        case 1: return displayed(.turnedClockwise)
        case 2: return displayed(.upsideDown)
        case 3: return displayed(.turnedCounterclockwise)
        default: return self
        }
    }

    /// A new image whose pixel (x, y) is this image's pixel `source(x, y)`.
    private func remapped(width outWidth: Int, height outHeight: Int, source: (Int, Int) -> (Int, Int)) -> RGBImage {
        var out = [UInt8](repeating: 0, count: outWidth * outHeight * 3)
        pixels.withUnsafeBufferPointer { input in
            out.withUnsafeMutableBufferPointer { output in
                for y in 0..<outHeight {
                    for x in 0..<outWidth {
                        let (sx, sy) = source(x, y)
                        let from = (sy * width + sx) * 3, to = (y * outWidth + x) * 3
                        output[to] = input[from]; output[to + 1] = input[from + 1]; output[to + 2] = input[from + 2]
                    }
                }
            }
        }
        return RGBImage(width: outWidth, height: outHeight, pixels: out)
    }
}
