import CZXing
import Foundation
import VerityCore

/// A QR code's module grid, made by zxing-cpp's writer: what the capture
/// page shows on a desktop so a phone can open the same link.
public struct QRCode: Sendable, Equatable {
    /// Modules per side (no quiet zone).
    public let size: Int
    /// Row-major, true for a dark module.
    public let modules: [Bool]

    /// `text` at error-correction level Q (zxing's 4 of 0–8): a link still
    /// scans with a quarter of the code smudged or glared.
    public init(_ text: String) throws(VerityError) {
        var grid: UnsafeMutablePointer<UInt8>?
        var side: Int32 = 0
        guard czx_write_qr(text, 4, &grid, &side) == 0, let grid, side > 0 else {
            throw VerityError.invalid("text", "the text does not fit in a QR code")
        }
        defer { free(grid) }
        size = Int(side)
        modules = (0..<(size * size)).map { grid[$0] != 0 }
    }

    public func isDark(x: Int, y: Int) -> Bool { modules[y * size + x] }

    /// The code as SVG, one path of unit squares with a 4-module quiet zone;
    /// it scales to any size without blur. `title` names it for screen readers.
    public func svg(title: String) -> String {
        let side = size + 8
        var path = ""
        for y in 0..<size {
            var x = 0
            while x < size {
                guard isDark(x: x, y: y) else { x += 1; continue }
                let start = x
                while x < size, isDark(x: x, y: y) { x += 1 }
                path += "M\(start + 4) \(y + 4)h\(x - start)v1h-\(x - start)z"
            }
        }
        let escaped = title.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        return """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \(side) \(side)" role="img" aria-labelledby="qr-title" \
            shape-rendering="crispEdges"><title id="qr-title">\(escaped)</title>\
            <rect width="\(side)" height="\(side)" fill="#fff"/><path fill="#000" d="\(path)"/></svg>
            """
    }
}
