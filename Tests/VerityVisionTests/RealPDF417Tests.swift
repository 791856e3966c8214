import Foundation
import Testing
@testable import VerityCore
@testable import VerityVision

/// The barcode scanner on real PDF417 photos and scans no one on the project
/// made: ZXing's black-box set in ../shared/data/barcodes/pdf417-zxing (photos
/// at angles, low contrast, damaged codes), each with its exact text (`NN.txt`)
/// or bytes (`NN.bin`). Never tuned on: ZXing's other sets are kept back.
@Suite("PDF417 on real photos and scans")
struct RealPDF417Tests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../shared/data/barcodes/pdf417-zxing").standardizedFileURL

    @Test func everySharedImageDecodesToItsExactBytes() throws {
        // given
        let images = try FileManager.default.contentsOfDirectory(at: Self.folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "png" }.sorted { $0.lastPathComponent < $1.lastPathComponent }
        #expect(images.count == 14, "the images are beside the project in ../shared/data/barcodes/pdf417-zxing")
        var exact: [String] = [], wrong: [String] = []
        for image in images {
            let stem = image.deletingPathExtension()
            let expected = try [UInt8](Data(contentsOf: FileManager.default.fileExists(atPath: stem.path + ".txt")
                                            ? stem.appendingPathExtension("txt") : stem.appendingPathExtension("bin")))
            // when
            let symbols = try BarcodeScanner().scan(imageBytes: [UInt8](Data(contentsOf: image))).filter { $0.format == "PDF417" }
            // then: the payload exactly, byte for byte (09 is binary, not text)
            if symbols.contains(where: { $0.rawBytes == expected }) {
                exact.append(image.lastPathComponent)
            } else {
                wrong.append("\(image.lastPathComponent): \(symbols.map { "\($0.rawBytes.count) bytes via \($0.attempt)" })")
            }
        }
        print("decoded: real PDF417 \(exact.count) of \(images.count) exact")
        #expect(wrong.isEmpty, "\(wrong)")
    }
}
