import Foundation
import Testing
@testable import VerityCore
@testable import VerityVision

/// The face a passport's chip holds: the BSI reference chip's DG2 (shared test
/// data) carries a JPEG 2000, decoded through OpenJPEG after its size marker
/// is checked; what is not a JPEG 2000, too large or cut short is refused typed.
@Suite("Chip face: JPEG 2000 from DG2 decodes, hostile ones are refused")
struct ChipFaceDecoderTests {
    static var dg2: [UInt8] {
        get throws {
            let url = RealImageIntakeTests.sharedData.appendingPathComponent("chip/bsi-tr03105/Datagroup2.bin")
            return [UInt8](try Data(contentsOf: url))
        }
    }

    /// The JP2 file inside DG2's facial record, from its signature on.
    static var jp2: [UInt8] {
        get throws {
            let bytes = try dg2
            let signature: [UInt8] = [0x00, 0x00, 0x00, 0x0C, 0x6A, 0x50, 0x20, 0x20]
            let start = try #require(bytes.indices.first { bytes[$0...].starts(with: signature) })
            return Array(bytes[start...])
        }
    }

    /// (The facial record's header says 337×449; the codestream, which decoders
    /// follow, says 413×531: the codestream's word is the one checked.)
    @Test func theBSIChipsJPEG2000FaceDecodesAtItsCodestreamsSize() throws {
        let image = try ChipFaceDecoder().decode(try Self.jp2)
        #expect(image.width == 413 && image.height == 531)
        #expect(try JPEG2000Layout.size(try Self.jp2) == .init(width: 413, height: 531, components: 3))
    }

    @Test func theChipsFaceIsFoundAndIsNotAnotherPerson() throws {
        let engine = try FaceEngine(modelsDirectory: FaceEngineTests.models)
        let chip = try ChipFaceDecoder().decode(try Self.jp2)
        let other = try ImageDecoder().decode([UInt8](try Data(contentsOf: FaceEngineTests.faces.appendingPathComponent("obama.jpg"))))
        let comparison = try engine.compare(images: chip, other)
        #expect(comparison.first.outcome == .found)
        #expect(comparison.match == false)
    }

    @Test func aJPEG2000DeclaringAHugeImageIsRefusedBeforeDecoding() throws {
        var bytes = try Self.jp2
        let codestream = try #require(bytes.indices.first { bytes[$0...].starts(with: [0xFF, 0x4F, 0xFF, 0x51]) })
        // Xsiz = 60,000: a bomb's header
        bytes.replaceSubrange((codestream + 8)..<(codestream + 12), with: [0x00, 0x00, 0xEA, 0x60])
        #expect(throws: VerityError.self) { try ChipFaceDecoder().decode(bytes) }
        do { _ = try ChipFaceDecoder().decode(bytes) } catch { #expect(error.code == .imageTooLarge) }
    }

    @Test(arguments: [0, 8, 60, 200, 2000])
    func aCutShortOrForeignImageIsInvalid(keep: Int) throws {
        let bytes = Array(try Self.jp2.prefix(keep))
        do {
            _ = try ChipFaceDecoder().decode(bytes)
            Issue.record("\(keep) bytes decoded")
        } catch {
            #expect(error.code == .invalidImage)
            #expect(error.field == "chip.dg2")
        }
    }
}
