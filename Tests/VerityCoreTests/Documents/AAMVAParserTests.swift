import Foundation
import Testing
@testable import VerityCore

@Suite("AAMVA: driver licence barcodes of every version are read, leniently")
struct AAMVAParserTests {
    /// Builds a standard payload: header, designators with correct offsets, subfiles.
    static func payload(version: Int = 10, issuer: String = "636026", subfiles: [(String, [(String, String)])]) -> [UInt8] {
        let bodies = subfiles.map { type, elements in
            type + elements.map { $0.0 + $0.1 }.joined(separator: "\n") + "\r"
        }
        let headerLength = 4 + 5 + 6 + 2 + (version >= 2 ? 2 : 0) + 2 + 10 * subfiles.count
        var header = "@\n\u{1E}\rANSI " + issuer + pad(version, 2) + (version >= 2 ? "00" : "") + pad(subfiles.count, 2)
        var offset = headerLength
        for (index, body) in bodies.enumerated() {
            header += subfiles[index].0 + pad(offset, 4) + pad(body.utf8.count, 4)
            offset += body.utf8.count
        }
        return Array((header + bodies.joined()).utf8)
    }

    static func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: width - text.count) + text
    }

    static let georgia: [(String, String)] = [
        ("DCA", "C"), ("DCB", "NONE"), ("DCD", "NONE"), ("DBA", "02282031"), ("DCS", "SMITH"), ("DAC", "JOHN"),
        ("DAD", "QUINCY"), ("DBD", "02282023"), ("DBB", "02281975"), ("DBC", "1"), ("DAY", "BRO"), ("DAU", "070 in"),
        ("DAG", "222333 PEACHTREE PLACE"), ("DAI", "ATLANTA"), ("DAJ", "GA"), ("DAK", "303180000  "), ("DAQ", "123456789"),
        ("DCF", "0123456789ABCD"), ("DCG", "USA"), ("DDE", "N"), ("DDF", "N"), ("DDG", "T"),
    ]

    @Test func aVersion10LicenceIsReadWithEveryCommonElement() throws {
        // given
        let bytes = Self.payload(subfiles: [("DL", Self.georgia), ("ZG", [("ZGA", "COUNTY 060")])])
        // when
        let licence = try AAMVALicense.parse(bytes)
        let payload = try AAMVAPayloadReader.read(bytes)
        // then
        #expect(licence.documentType == "DL" && licence.version == 10 && licence.issuerIdentificationNumber == "636026")
        #expect(licence.familyName == "SMITH" && licence.firstName == "JOHN" && licence.middleNames == "QUINCY")
        #expect(licence.dateOfBirth == CalendarDate(year: 1975, month: 2, day: 28))
        #expect(licence.expiryDate == CalendarDate(year: 2031, month: 2, day: 28))
        #expect(licence.issueDate == CalendarDate(year: 2023, month: 2, day: 28))
        #expect(licence.sex == .male)
        #expect(licence.street == "222333 PEACHTREE PLACE" && licence.city == "ATLANTA" && licence.jurisdiction == "GA")
        #expect(licence.postalCode == "30318")
        #expect(licence.customerId == "123456789" && licence.country == "USA")
        #expect(licence.restrictions == nil, "NONE means no restrictions")
        #expect(licence.middleNameTruncation == .truncated && licence.familyNameTruncation == .notTruncated)
        #expect(licence.warnings.isEmpty)
        #expect(payload.subfiles.map(\.type) == ["DL", "ZG"])
        #expect(payload.subfiles[1]["ZGA"] == "COUNTY 060")
    }

    @Test func canadianDatesAreYearFirst() throws {
        var elements = Self.georgia.filter { !["DBB", "DBA", "DCG", "DBD"].contains($0.0) }
        elements += [("DBB", "19750228"), ("DBA", "20310228"), ("DCG", "CAN")]
        let licence = try AAMVALicense.parse(Self.payload(issuer: "636012", subfiles: [("DL", elements)]))
        #expect(licence.dateOfBirth == CalendarDate(year: 1975, month: 2, day: 28))
        #expect(licence.expiryDate == CalendarDate(year: 2031, month: 2, day: 28))
    }

    @Test func version1NamesAndDatesAreRead() throws {
        let elements: [(String, String)] = [("DAQ", "D1234567"), ("DAA", "SMITH,JOHN,QUINCY"), ("DBB", "19750228"),
                                            ("DBA", "20310228"), ("DBC", "M"), ("DAJ", "VA")]
        let licence = try AAMVALicense.parse(Self.payload(version: 1, subfiles: [("DL", elements)]))
        #expect(licence.version == 1)
        #expect(licence.familyName == "SMITH" && licence.firstName == "JOHN" && licence.middleNames == "QUINCY")
        #expect(licence.dateOfBirth == CalendarDate(year: 1975, month: 2, day: 28))
        #expect(licence.sex == .male)
    }

    @Test func version2GivenNamesAreSplit() throws {
        let elements: [(String, String)] = [("DCS", "SMITH"), ("DCT", "JOHN,QUINCY"), ("DBB", "02281975")]
        let licence = try AAMVALicense.parse(Self.payload(version: 2, subfiles: [("ID", elements)]))
        #expect(licence.documentType == "ID")
        #expect(licence.firstName == "JOHN" && licence.middleNames == "QUINCY")
    }

    @Test func missingControlCharactersAndTheOldHeaderAreForgiven() throws {
        // given: a barcode whose control characters were lost and whose header says AAMVA
        let standard = String(decoding: Self.payload(subfiles: [("DL", Self.georgia)]), as: UTF8.self)
        let damaged = ("@" + standard.dropFirst(4)).replacingOccurrences(of: "ANSI ", with: "AAMVA")
        // when
        let licence = try AAMVALicense.parse(Array(damaged.utf8))
        // then
        #expect(licence.familyName == "SMITH")
        #expect(licence.warnings.contains("header control characters missing or misplaced"))
        #expect(licence.warnings.contains("old \"AAMVA\" file type"))
        #expect(licence.warnings.contains { $0.contains("not at its declared offset") })
    }

    @Test func wrongOffsetsStillFindTheCardSubfile() throws {
        var bytes = Self.payload(subfiles: [("DL", Self.georgia)])
        // Declared offset 0031 becomes 0099.
        let text = String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "DL0031", with: "DL0099")
        bytes = Array(text.utf8)
        let licence = try AAMVALicense.parse(bytes)
        #expect(licence.customerId == "123456789")
    }

    /// Real payloads with damaged headers (issue 22): the file type cut short or
    /// misread, an impossible subfile count, offsets past the end. Public AAMVA
    /// parsers read these by the card subfile's designators; so does Verity,
    /// saying what was damaged.
    @Test(arguments: [
        ("ANSI 636026", "AMVA 636026", "file type"),     // "ANSI " cut short
        ("ANSI 636026", "ANS 636026", "file type"),
        ("ANSI 636026", "ANSI636026", "file type"),      // its space lost
        ("ANSI 636026", "AN5I 636026", "file type"),     // misread
        ("636026100002DL", "636026100099DL", "subfile count 99"),  // an impossible count
        ("636026100002DL", "636026100000DL", "subfile count 0"),   // a count that leaves the designators out
        ("DL0041", "DL9941", "declared offset 9941"),              // an offset past the end
    ])
    func damagedHeadersAreReadFieldByFieldAndFlagged(original: String, damaged: String, warning: String) throws {
        // given
        let standard = String(decoding: Self.payload(subfiles: [("DL", Self.georgia), ("ZG", [("ZGA", "COUNTY 060")])]), as: UTF8.self)
        try #require(standard.contains(original))
        let text = standard.replacingOccurrences(of: original, with: damaged)
        // when
        let payload = try AAMVAPayloadReader.read(Array(text.utf8))
        let licence = try AAMVALicense.parse(Array(text.utf8))
        // then: every field of the card subfile, the issuer, and the damage named
        #expect(licence.familyName == "SMITH")
        #expect(licence.customerId == "123456789")
        #expect(payload.cardSubfile?.elements.count == Self.georgia.count)
        #expect(payload.issuerIdentificationNumber == "636026")
        #expect(payload.version == 10)
        #expect(payload.warnings.contains { $0.contains(warning) }, "\(payload.warnings)")
    }

    @Test func anythingElseIsAClearError() {
        for bytes in [[UInt8](), Array("hello world".utf8), Array("@\n\u{1E}\rANSI 636026100001ZG00310010ZGAX\r".utf8),
                      [UInt8](repeating: 0x41, count: 10_000)] {
            #expect(throws: VerityError(.invalidInput, "")) { try AAMVALicense.parse(bytes) }
        }
    }
}
