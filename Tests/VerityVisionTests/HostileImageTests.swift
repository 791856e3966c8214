import Foundation
import HostileImageSet
import Testing
@testable import VerityCore
@testable import VerityVision

/// The hostile-image set (tools/hostile) through the one intake and the
/// decoder: each file is refused with the code its manifest names, or
/// admitted and then decoded or refused as typed errors; nothing traps.
@Suite("Image intake: files made to break decoders are refused before a decoder runs")
struct HostileImageTests {
    let set: HostileImageSet

    init() throws {
        set = try HostileImageSet()
    }

    /// The typed error's code, nil when the work succeeded, and any other error named as untyped (a failure).
    func code(_ work: () throws -> Void) -> String? {
        do {
            try work()
            return nil
        } catch let error as VerityError {
            return error.code.rawValue
        } catch {
            return "untyped \(error)"
        }
    }

    @Test func eachFileIsRefusedWithItsCodeOrAdmittedAsTheManifestSays() throws {
        #expect(set.images.count >= 80)
        for image in set.images {
            let bytes = [UInt8](try set.bytes(image))
            let refused = code { _ = try ImageIntake().admit(bytes) }
            #expect(refused == image.refused, "\(image.file) (\(image.about)): \(refused ?? "admitted")")
        }
    }

    @Test func admittedFilesDecodeOrFailTypedAsTheManifestSays() throws {
        for image in set.images where image.refused == nil {
            let bytes = [UInt8](try set.bytes(image))
            let failure = code { _ = try ImageDecoder().decode(bytes) }
            switch image.decodes {
            case true?: #expect(failure == nil, "\(image.file): \(failure ?? "")")
            case false?: #expect(failure == "INVALID_IMAGE", "\(image.file): \(failure ?? "decoded")")
            case nil: #expect(failure == nil || failure == "INVALID_IMAGE", "\(image.file): \(failure ?? "")")
            }
        }
    }

    @Test func the66BytePNGThatStoppedTheServerIsATypedRefusal() throws {
        let overflow = try #require(set.images.first { $0.file == "png-overflow-sides.png" })
        let bytes = [UInt8](try set.bytes(overflow))
        #expect(bytes.count == 66)
        #expect(throws: VerityError(.invalidImage, "")) { try ImageDecoder().decode(bytes) }
        // Sides just inside PNG's limit: too large, and their product (2^62) computed without trapping.
        var atLimit = bytes
        for offset in [16, 20] { atLimit[offset] = 0x7F }
        #expect(throws: VerityError(.imageTooLarge, "")) { try ImageIntake().admit(atLimit) }
    }

    @Test func aPNGsMetadataChunksNeverReachTheDecoder() throws {
        for name in ["png-ztxt-bomb.png", "png-iccp-bomb.png", "png-itxt-bombs.png", "png-apng.png", "png-many-chunks.png"] {
            let image = try #require(set.images.first { $0.file == name })
            let admitted = try ImageIntake().admit([UInt8](try set.bytes(image)))
            let chunks = Self.chunkNames(admitted.decodable)
            #expect(Set(chunks).isSubset(of: ["IHDR", "PLTE", "tRNS", "IDAT", "IEND"]), "\(name): \(Set(chunks))")
            #expect(admitted.decodable.count < 2_000, "\(name): \(admitted.decodable.count) bytes handed on")
        }
    }

    @Test func aLargeJPEGIsDecodedAtAReducedScale() throws {
        let image = try #require(set.images.first { $0.file == "jpeg-large-7000x5000.jpg" })
        let decoded = try ImageDecoder().decode([UInt8](try set.bytes(image)))
        // Half of 7,000 × 5,000: the long side stays above the 3,000 the engines need.
        #expect(decoded.width == 3500 && decoded.height == 2500)
        #expect(ImageDecoder().jpegReduction(ImageHeader(format: .jpeg, width: 4032, height: 3024)) == 1, "a 12 MP phone photo is decoded whole")
    }

    @Test func everyPrefixOfAValidFileIsATypedAnswer() throws {
        for name in ["png-ok.png", "jpeg-ok.jpg", "jpeg-progressive-ok.jpg", "gif-ok.gif", "gif-many-extensions.gif"] {
            let image = try #require(set.images.first { $0.file == name })
            let bytes = [UInt8](try set.bytes(image))
            let step = max(1, bytes.count / 400)
            for length in stride(from: 0, to: bytes.count, by: step) {
                let failure = code { _ = try ImageDecoder().decode(Array(bytes.prefix(length))) }
                #expect(failure == nil || failure == "INVALID_IMAGE", "\(name) cut at \(length): \(failure ?? "")")
            }
        }
    }

    @Test func flippedBytesInValidFilesAreTypedAnswers() throws {
        // Every byte of each small file's structure changed in turn (its first 600 bytes: headers, tables, segment lengths).
        for name in ["png-ok.png", "jpeg-ok.jpg", "gif-ok.gif"] {
            let image = try #require(set.images.first { $0.file == name })
            let original = [UInt8](try set.bytes(image))
            for index in 0..<min(600, original.count) {
                for value: UInt8 in [0x00, 0xFF, original[index] ^ 0x80] {
                    var bytes = original
                    bytes[index] = value
                    let failure = code { _ = try ImageDecoder().decode(bytes) }
                    #expect(failure == nil || ["INVALID_IMAGE", "IMAGE_TOO_LARGE", "UNSUPPORTED_IMAGE"].contains(failure!),
                            "\(name) byte \(index) = \(value): \(failure ?? "")")
                }
            }
        }
    }

    /// The chunk names of a PNG, in order.
    static func chunkNames(_ png: [UInt8]) -> [String] {
        var names: [String] = [], index = 8
        while index + 12 <= png.count {
            let length = (0..<4).reduce(0) { $0 << 8 | Int(png[index + $1]) }
            names.append(String(decoding: png[(index + 4)..<(index + 8)], as: UTF8.self))
            index += 12 + length
        }
        return names
    }
}
