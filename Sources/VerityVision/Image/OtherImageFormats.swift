/// Image formats Verity does not decode, recognised by their magic bytes so
/// the refusal can name them (a phone's HEIC photo, a scanner's TIFF): the
/// user learns what to send instead of "not an image".
enum OtherImageFormats {
    static func name(of bytes: [UInt8]) -> String? {
        func at(_ offset: Int, _ text: String) -> Bool {
            let expected = Array(text.utf8)
            return bytes.count >= offset + expected.count && Array(bytes[offset..<(offset + expected.count)]) == expected
        }
        if bytes.starts(with: [0x49, 0x49, 0x2A, 0x00]) || bytes.starts(with: [0x4D, 0x4D, 0x00, 0x2A]) { return "TIFF" }
        if at(0, "RIFF") && at(8, "WEBP") { return "WebP" }
        if at(0, "BM") && bytes.count >= 26 { return "BMP" }
        if at(4, "ftyp") {
            if at(8, "avif") || at(8, "avis") { return "AVIF" }
            if at(8, "heic") || at(8, "heix") || at(8, "mif1") || at(8, "msf1") || at(8, "hevc") { return "HEIC" }
        }
        if bytes.starts(with: [0x00, 0x00, 0x00, 0x0C, 0x6A, 0x50, 0x20, 0x20]) || bytes.starts(with: [0xFF, 0x4F, 0xFF, 0x51]) { return "JPEG 2000" }
        if bytes.starts(with: [0xFF, 0x0A]) || bytes.starts(with: [0x00, 0x00, 0x00, 0x0C, 0x4A, 0x58, 0x4C, 0x20]) { return "JPEG XL" }
        if at(0, "%PDF-") { return "PDF" }
        let text = bytes.prefix(512).drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF }
        let start = String(decoding: text.prefix(256), as: UTF8.self).lowercased()
        if start.hasPrefix("<svg") || (start.hasPrefix("<?xml") && start.contains("<svg")) { return "SVG" }
        return nil
    }
}
