import CZXing
import Foundation
import VerityCore

/// One decoded barcode.
public struct BarcodeSymbol: Sendable, Codable, Equatable {
    /// "PDF417", "QRCode", …
    public let format: String
    /// The content as UTF-8 text (lossy for binary content).
    public let text: String
    /// The raw content, base64: what AAMVA parsing uses, so control characters survive.
    public let bytes: String
    /// How the image was prepared before zxing read it: "direct", "upscaled×2", "rotated 6°", "page".
    public let attempt: String

    public var rawBytes: [UInt8] { Data(base64Encoded: bytes).map { [UInt8]($0) } ?? [] }
}

/// Reads PDF417 and QR codes with zxing-cpp. zxing 1.4 misses PDF417 tilted by
/// 3° or more and PDF417 with small modules, so when a direct read finds nothing
/// the scanner tries the flattened document, an enlarged copy, and a sweep of tilts.
public struct BarcodeScanner: Sendable {
    public var formats: Int32 = Int32(CZX_FORMAT_PDF417 | CZX_FORMAT_QRCODE | CZX_FORMAT_DATAMATRIX | CZX_FORMAT_AZTEC)
    /// zxing reads up to about ±2.5°, so steps of 3–4° cover ±12°.
    static let tilts: [Double] = [-3, 3, -6, 6, -9, 9, -12, 12]

    public init() {}

    /// Decodes the image first (bounded, typed errors), then scans: the image
    /// as it is, and only when that finds nothing, the fallbacks.
    public func scan(imageBytes: [UInt8]) throws(VerityError) -> [BarcodeSymbol] {
        let image = try ImageDecoder().decode(imageBytes)
        let direct = scan(image.gray, note: "direct")
        return direct.isEmpty ? fallbacks(PageImage(image)) : direct
    }

    func scan(_ page: PageImage) -> [BarcodeSymbol] {
        let direct = scan(page.originalGray, note: "direct")
        return direct.isEmpty ? fallbacks(page) : direct
    }

    /// The flattened document (a photo's perspective and tilt removed), an
    /// enlarged copy for small modules, and a sweep of tilts only when no
    /// document edge was found to flatten by.
    func fallbacks(_ page: PageImage) -> [BarcodeSymbol] {
        let flattened = page.placement.map { !$0.fillsFrame } ?? false
        if flattened {
            let found = scan(page.page, note: "page")
            if !found.isEmpty { return found }
        }
        return fallbacks(page.page, prefix: flattened ? "page" : "image", sweepTilts: !flattened)
    }

    /// Enlarge small symbols, then (optionally) sweep tilts.
    func fallbacks(_ image: GrayImage, prefix: String, sweepTilts: Bool = true) -> [BarcodeSymbol] {
        let factor = max(image.width, image.height) < 1600 ? 2 : 1
        let base = image.upscaled(by: factor)
        if factor > 1 {
            let upscaled = scan(base, note: "\(prefix) upscaled×\(factor)")
            if !upscaled.isEmpty { return upscaled }
        }
        guard sweepTilts else { return [] }
        for tilt in Self.tilts {
            let found = scan(base.rotated(byDegrees: tilt), note: "\(prefix) rotated \(Int(tilt))°")
            if !found.isEmpty { return found }
        }
        return []
    }

    func scan(_ image: GrayImage, note: String) -> [BarcodeSymbol] {
        var symbols: UnsafeMutablePointer<czx_symbol>?
        let count = image.pixels.withUnsafeBufferPointer {
            czx_read($0.baseAddress, Int32(image.width), Int32(image.height), Int32(image.width), formats, 1, &symbols)
        }
        guard count > 0, let symbols else { return [] }
        defer { czx_free(symbols, count) }
        return (0..<Int(count)).map { index in
            let symbol = symbols[index]
            let bytes = symbol.bytes.map { [UInt8](UnsafeBufferPointer(start: $0, count: Int(symbol.bytes_length))) } ?? []
            return BarcodeSymbol(format: String(cString: czx_format_name(symbol.format)),
                                 text: symbol.text.map { String(cString: $0) } ?? "",
                                 bytes: Data(bytes).base64EncodedString(), attempt: note)
        }
    }
}
