import Foundation

/// A chip for a passport page the project renders, for the cases no
/// published chip can play: a genuine chip of *this* page's holder. DG1 holds
/// the page's MRZ, DG2 an ISO/IEC 19794-5 facial record around the JPEG the
/// test gives, and the EF.SOD is signed by a `TestPKI`'s Document Signer
/// (its CSCA the backend imports). Every published set is another person's.
public enum HolderChip {
    /// John Smith's passport as `tools/docgen` prints it (`mrz.td3` of `fixtures.holder("john-smith")`).
    public static let johnSmithMRZ = ["P<USASMITH<<JOHN<<<<<<<<<<<<<<<<<<<<<<<<<<<<", "P0011832<0USA7502282M3205172<<<<<<<<<<<<<<<8"]

    /// EF.SOD, DG1 and DG2, by the names the identity API's `chip.files` takes.
    public static func files(pki: TestPKI, mrz: [String], faceJPEG: [UInt8]) throws -> [String: [UInt8]] {
        let one = dataGroup1(mrz), two = dataGroup2(faceJPEG)
        return ["sod": try pki.securityObject([1: one, 2: two]), "dg1": one, "dg2": two]
    }

    /// DG1: tag 61 around the MRZ (5F1F), its lines run together.
    public static func dataGroup1(_ lines: [String]) -> [UInt8] {
        tagged([0x61], tagged([0x5F, 0x1F], Array(lines.joined().utf8)))
    }

    /// DG2: tag 75, the biometric group template (7F61) with one face (7F60):
    /// its header (A1) and the 19794-5 record (5F2E).
    public static func dataGroup2(_ jpeg: [UInt8]) -> [UInt8] {
        let header = tagged([0xA1], tagged([0x80], [0x01, 0x01]) + tagged([0x87], [0x01, 0x01]) + tagged([0x88], [0x00, 0x08]))
        let face = tagged([0x7F, 0x60], header + tagged([0x5F, 0x2E], facialRecord(jpeg)))
        return tagged([0x75], tagged([0x7F, 0x61], tagged([0x02], [0x01]) + face))
    }

    /// ISO/IEC 19794-5:2005: "FAC\0", "010\0", the record's length, one face:
    /// its 20-byte header (no feature points), 12 bytes of image information (JPEG), the image.
    static func facialRecord(_ jpeg: [UInt8]) -> [UInt8] {
        let blockLength = 20 + 12 + jpeg.count
        let faceHeader = bigEndian(blockLength, 4) + [0, 0] + [1, 0, 0] + [0, 0, 0] + [0, 0] + [0, 0, 0] + [0, 0, 0]
        let imageInformation: [UInt8] = [0x01, 0x00] + bigEndian(0, 2) + bigEndian(0, 2) + [0x01, 0x02] + [0, 0] + [0, 0]
        let block = faceHeader + imageInformation + jpeg
        return Array("FAC\0010\0".utf8) + bigEndian(14 + block.count, 4) + [0x00, 0x01] + block
    }

    static func bigEndian(_ value: Int, _ count: Int) -> [UInt8] {
        (0..<count).reversed().map { UInt8((value >> ($0 * 8)) & 0xFF) }
    }

    static func tagged(_ tag: [UInt8], _ content: [UInt8]) -> [UInt8] {
        tag + DER.length(content.count) + content
    }
}
