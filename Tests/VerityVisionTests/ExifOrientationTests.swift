import Testing
@testable import VerityCore
@testable import VerityVision

@Suite("EXIF orientation: phone photos come out as the camera meant them")
struct ExifOrientationTests {
    /// A JPEG photo of a generated passport, with no EXIF block of its own.
    let jpeg: [UInt8] = {
        let documents = GeneratedDocuments.shared
        return documents.bytes(documents.samples(kind: "passport").first { $0.degradation == "photo" }!.files[0])
    }()

    /// The JPEG with an APP1 EXIF block holding `orientation` inserted after its start marker.
    func withOrientation(_ orientation: UInt16, littleEndian: Bool = true, tag: UInt16 = 0x0112) -> [UInt8] {
        func u16(_ value: UInt16) -> [UInt8] { littleEndian ? [UInt8(value & 0xFF), UInt8(value >> 8)] : [UInt8(value >> 8), UInt8(value & 0xFF)] }
        func u32(_ value: UInt32) -> [UInt8] { littleEndian ? u16(UInt16(value & 0xFFFF)) + u16(UInt16(value >> 16)) : u16(UInt16(value >> 16)) + u16(UInt16(value & 0xFFFF)) }
        let tiff = (littleEndian ? Array("II".utf8) : Array("MM".utf8)) + u16(42) + u32(8)
            + u16(1) + u16(tag) + u16(3) + u32(1) + u16(orientation) + u16(0) + u32(0)
        let payload = Array("Exif".utf8) + [0, 0] + tiff
        let length = UInt16(payload.count + 2)
        return [0xFF, 0xD8, 0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload + Array(jpeg.dropFirst(2))
    }

    @Test func aPhotoTakenSidewaysIsTurnedUpright() throws {
        // given: the same pixels, recorded as "turn 90° clockwise to show"
        let plain = try ImageDecoder().decode(jpeg)
        // when
        let turned = try ImageDecoder().decode(withOrientation(6))
        let bigEndian = try ImageDecoder().decode(withOrientation(6, littleEndian: false))
        // then
        #expect(turned.width == plain.height && turned.height == plain.width)
        #expect(turned.pixels == plain.rotated(clockwise: 90).pixels)
        #expect(bigEndian.pixels == turned.pixels)
    }

    @Test func everyOrientationMapsTheTopLeftCornerWhereTheStandardSays() throws {
        // given: a 3 × 2 image whose pixels are numbered 0…5
        let image = RGBImage(width: 3, height: 2, pixels: (0..<6).flatMap { [UInt8($0), 0, 0] })
        func numbers(_ orientation: ExifOrientation) -> [UInt8] {
            let shown = image.displayed(orientation)
            return stride(from: 0, to: shown.pixels.count, by: 3).map { shown.pixels[$0] }
        }
        // then: rows of the shown image (stored rows are 0 1 2 / 3 4 5)
        #expect(numbers(.normal) == [0, 1, 2, 3, 4, 5])
        #expect(numbers(.mirrored) == [2, 1, 0, 5, 4, 3])
        #expect(numbers(.upsideDown) == [5, 4, 3, 2, 1, 0])
        #expect(numbers(.upsideDownMirrored) == [3, 4, 5, 0, 1, 2])
        #expect(numbers(.transposed) == [0, 3, 1, 4, 2, 5])
        #expect(numbers(.turnedClockwise) == [3, 0, 4, 1, 5, 2])
        #expect(numbers(.transverse) == [5, 2, 4, 1, 3, 0])
        #expect(numbers(.turnedCounterclockwise) == [2, 5, 1, 4, 0, 3])
    }

    @Test func malformedOrUnknownOrientationsLeaveThePixelsAlone() throws {
        let plain = try ImageDecoder().decode(jpeg)
        for bytes in [withOrientation(0), withOrientation(9), withOrientation(6, tag: 0x0110), withOrientation(0xFFFF)] {
            let decoded = try ImageDecoder().decode(bytes)
            #expect(decoded.width == plain.width && decoded.pixels == plain.pixels)
        }
        // An EXIF block whose IFD offset points past its end.
        var broken = withOrientation(6)
        broken[6 + 6 + 4] = 0xF0
        #expect(try ImageDecoder().decode(broken).width == plain.width)
    }
}
