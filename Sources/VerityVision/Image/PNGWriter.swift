import CLeptonica
import Foundation

/// Encodes images as PNG with Leptonica (test fixtures, debugging exports).
public enum PNGWriter {
    public static func encode(_ image: RGBImage) -> [UInt8]? {
        guard let pix = pixCreate(Int32(image.width), Int32(image.height), 32), let data = pixGetData(pix) else { return nil }
        var owned: UnsafeMutablePointer<PIX>? = pix
        defer { pixDestroy(&owned) }
        let wordsPerLine = Int(pixGetWpl(pix))
        image.pixels.withUnsafeBufferPointer { source in
            for y in 0..<image.height {
                for x in 0..<image.width {
                    let i = (y * image.width + x) * 3
                    // Red in the most significant byte, as Leptonica stores it.
                    data[y * wordsPerLine + x] = UInt32(source[i]) << 24 | UInt32(source[i + 1]) << 16 | UInt32(source[i + 2]) << 8
                }
            }
        }
        var bytes: UnsafeMutablePointer<UInt8>?
        var size = 0
        guard pixWriteMemPng(&bytes, &size, pix, 0) == 0, let bytes else { return nil }
        defer { free(bytes) }
        return [UInt8](UnsafeBufferPointer(start: bytes, count: size))
    }
}
