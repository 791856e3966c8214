import Foundation
import Testing
@testable import VerityCore
@testable import VerityVision

@Suite("Barcodes: AAMVA PDF417 on generated driver licence backs")
struct BarcodeReadingTests {
    let documents = GeneratedDocuments.shared

    @Test func licenceBarcodesDecodeToTheirExactBytes() throws {
        var table = AccuracyTable()
        for sample in documents.samples(kind: "driver_licence") {
            // when
            let symbols = try BarcodeScanner().scan(imageBytes: documents.bytes(sample.files[1]))
            // then: raw bytes, control characters included
            let expected = [UInt8](Data(base64Encoded: sample.aamva_base64!)!)
            table.record(sample.degradation, symbols.contains { $0.format == "PDF417" && $0.rawBytes == expected })
        }
        print(table.summary("PDF417 decoded"))
        #expect(table.rate("clean") == 1)
        // Blur and a glare spot on the symbol are for the user to fix (see the report's reasons).
        #expect(table.rate(excluding: ["blur", "glare"]) >= 0.95)
    }

    @Test func aTiltedBarcodeIsFoundByTheRotationFallback() throws {
        // given: a clean back turned 7°, which zxing 1.4 alone cannot read
        let sample = documents.samples(kind: "driver_licence").first { $0.degradation == "clean" }!
        let gray = try ImageDecoder().decode(documents.bytes(sample.files[1])).gray.rotated(byDegrees: 7)
        #expect(BarcodeScanner().scan(gray, note: "direct").isEmpty)
        // when
        let found = BarcodeScanner().fallbacks(gray, prefix: "test")
        // then
        #expect(found.first?.format == "PDF417")
        #expect(found.first?.attempt.contains("rotated") == true)
    }

    @Test func anImageWithoutBarcodesHasNone() throws {
        let sample = documents.samples(kind: "passport").first { $0.degradation == "clean" }!
        #expect(try BarcodeScanner().scan(imageBytes: documents.bytes(sample.files[0])).isEmpty)
    }
}

@Suite("Barcodes: QR codes are read as well")
struct QRCodeReadingTests {
    let documents = GeneratedDocuments.shared

    @Test func qrCodesDecodeToTheirText() throws {
        var table = AccuracyTable()
        for sample in documents.samples(kind: "qr_card") {
            let symbols = try BarcodeScanner().scan(imageBytes: documents.bytes(sample.files[0]))
            table.record(sample.degradation, symbols.contains { $0.format == "QRCode" && $0.text == sample.truth["qr_text"]?.text })
        }
        print(table.summary("QR decoded"))
        #expect(table.rate("clean") == 1)
        #expect(table.rate(excluding: ["blur", "glare"]) >= 0.9)
    }
}
