import Foundation
import Testing
@testable import VerityCore
@testable import VerityVision

@Suite("Images: only bounded PNG, JPEG and GIF are decoded; everything else is a typed error")
struct ImageDecoderTests {
    let documents = GeneratedDocuments.shared

    func code(_ bytes: [UInt8]) -> VerityError.Code? {
        do {
            _ = try ImageDecoder().decode(bytes)
            return nil
        } catch {
            return error.code
        }
    }

    @Test func pngJpegAndGifAreDecodedByTheirMagicBytes() throws {
        // given: files of each format, whatever their names
        let png = documents.bytes(documents.samples(kind: "passport").first { $0.degradation == "clean" }!.files[0])
        let jpeg = documents.bytes(documents.samples(kind: "passport").first { $0.degradation == "photo" }!.files[0])
        // when
        let decodedPNG = try ImageDecoder().decode(png)
        let decodedJPEG = try ImageDecoder().decode(jpeg)
        let gif = try ImageDecoder().decode(TinyImages.gif)
        // then
        #expect(decodedPNG.width == 1250 && decodedPNG.height == 880)
        #expect(decodedJPEG.width > 1000)
        #expect(gif.width == 2 && gif.height == 2)
        #expect(Array(gif.pixels.prefix(3)) == [255, 0, 0], "Leptonica's big-endian words are unpacked as R, G, B")
    }

    @Test func garbageIsAnInvalidImageAndOtherFormatsAreNamedAsUnsupported() throws {
        #expect(code([]) == .invalidImage)
        #expect(code([UInt8](repeating: 0xFF, count: 1000)) == .invalidImage)
        #expect(code(Array("<html><body>not an image</body></html>".utf8)) == .invalidImage)
        #expect(code(Array("%PDF-1.7 not an image".utf8)) == .unsupportedImage)
        #expect(code(Array("BM".utf8) + [UInt8](repeating: 0, count: 100)) == .unsupportedImage)
        #expect(code(Array("<svg xmlns='http://www.w3.org/2000/svg'/>".utf8)) == .unsupportedImage)
        // The refusal names the format, so a user sending an iPhone's photo learns what to send instead.
        let heic: [UInt8] = [0, 0, 0, 24] + Array("ftypheic".utf8) + [UInt8](repeating: 0, count: 40)
        #expect(throws: VerityError(.unsupportedImage, "")) { try ImageDecoder().decode(heic) }
        do {
            _ = try ImageDecoder().decode(heic)
        } catch {
            #expect(error.message.contains("HEIC") && error.message.contains("JPEG or PNG"), "\(error.message)")
        }
    }

    @Test func truncatedFilesAreInvalidImages() {
        let png = documents.bytes(documents.samples(kind: "passport").first { $0.degradation == "clean" }!.files[0])
        let jpeg = documents.bytes(documents.samples(kind: "passport").first { $0.degradation == "photo" }!.files[0])
        #expect(code(Array(png.prefix(png.count / 2))) == .invalidImage)
        #expect(code(Array(jpeg.prefix(jpeg.count / 2))) == .invalidImage)
        #expect(code(Array(TinyImages.gif.dropLast())) == .invalidImage)
        #expect(code(Array(png.prefix(20))) == .invalidImage)
    }

    @Test func decompressionBombsAreRefusedBeforeDecoding() {
        // given: headers declaring 60,000 × 60,000 pixels over a few bytes
        #expect(code(TinyImages.pngDeclaring(width: 60_000, height: 60_000)) == .imageTooLarge)
        #expect(code(TinyImages.pngDeclaring(width: 7_000, height: 7_000)) == .imageTooLarge)
        #expect(code(TinyImages.pngDeclaring(width: 40_000_000, height: 1)) == .imageTooLarge)
        #expect(code(TinyImages.jpegDeclaring(width: 65_000, height: 65_000)) == .imageTooLarge)
        #expect(code(TinyImages.gifDeclaring(screen: (2, 2), frame: (65_000, 65_000))) == .imageTooLarge)
    }

    @Test func aFileOverTheByteLimitIsTooLarge() {
        var decoder = ImageDecoder()
        decoder.intake.maximumBytes = 1000
        let png = documents.bytes(documents.samples(kind: "passport").first { $0.degradation == "clean" }!.files[0])
        #expect(throws: VerityError(.imageTooLarge, "")) { try decoder.decode(png) }
    }

    @Test func corruptPixelDataIsAnInvalidImageNotACrash() {
        // given: a real PNG whose compressed pixels are overwritten
        var png = documents.bytes(documents.samples(kind: "passport").first { $0.degradation == "clean" }!.files[0])
        for index in stride(from: 200, to: png.count - 100, by: 97) { png[index] ^= 0x5A }
        #expect(code(png) == .invalidImage)
    }
}

/// Hand-made image files for the edge cases.
enum TinyImages {
    /// A 2 × 2 GIF: red, green / blue, white.
    static let gif: [UInt8] = [
        0x47, 0x49, 0x46, 0x38, 0x37, 0x61, 0x02, 0x00, 0x02, 0x00, 0x81, 0x00, 0x00, 0xFF, 0xFF, 0xFF, 0x00, 0xFF,
        0x00, 0xFF, 0x00, 0x00, 0x00, 0x00, 0xFF, 0x2C, 0x00, 0x00, 0x00, 0x00, 0x02, 0x00, 0x02, 0x00, 0x00, 0x08,
        0x07, 0x00, 0x05, 0x04, 0x18, 0x00, 0x20, 0x20, 0x00, 0x3B,
    ]

    static func pngDeclaring(width: Int, height: Int) -> [UInt8] {
        func be32(_ value: Int) -> [UInt8] { [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
        let ihdr = Array("IHDR".utf8) + be32(width) + be32(height) + [8, 0, 0, 0, 0]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be32(13) + ihdr + [0, 0, 0, 0]
            + be32(10) + Array("IDAT".utf8) + [0x78, 0x9C, 0x63, 0, 0, 0, 0, 1, 0, 1] + [0, 0, 0, 0]
            + be32(0) + Array("IEND".utf8) + [0xAE, 0x42, 0x60, 0x82]
    }

    static func jpegDeclaring(width: Int, height: Int) -> [UInt8] {
        [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]
            + [0xFF, 0xC0, 0x00, 0x0B, 0x08, UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF), 0x01, 0x01, 0x11, 0x00]
            + [0xFF, 0xD9]
    }

    static func gifDeclaring(screen: (Int, Int), frame: (Int, Int)) -> [UInt8] {
        func le16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
        return Array("GIF89a".utf8) + le16(screen.0) + le16(screen.1) + [0x00, 0x00, 0x00]
            + [0x2C] + le16(0) + le16(0) + le16(frame.0) + le16(frame.1) + [0x00, 0x02, 0x02, 0x44, 0x01, 0x00, 0x3B]
    }
}
