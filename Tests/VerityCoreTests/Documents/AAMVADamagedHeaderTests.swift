import Testing
@testable import VerityCore

/// Headers damaged every way real barcodes damage them, on two real layouts:
/// a version-1 licence (Connecticut's issuer, one DL subfile) and a version-3
/// one (New Hampshire's). The people are this project's own. Public AAMVA
/// test payloads show these damages: `@AMVA 6360060101DL00290198DAA…` (the
/// file type cut short, the separators lost, the subfile's own "DL" gone and
/// its offset pointing into the header) and `ANSI 111111030001DL01111111DCA…`
/// (an issuer number no one is assigned, offsets past the end, no "DL").
/// Each must still give the family name, and say what was damaged.
@Suite("AAMVA: every way a header is damaged, on real layouts")
struct AAMVADamagedHeaderTests {
    static let controls = "@\n\u{1E}\r"

    /// Version 1: `DAA` holds the whole name, the header has no jurisdiction version.
    static let versionOne = controls + "ANSI 6360060101DL00290147DLDAASMITH,JOHN,Q\nDAG60 MAIN ST\nDAIHARTFORD\nDAJCT\nDAK061010000  \n"
        + "DAQ123456789\nDARD\nDASB\nDAT\nDBA20300107\nDBB19800704\nDBC1\nDBD20220115\nDAU510\nDAYBLU\r"

    /// Version 3: `DCS` is the family name; a jurisdiction version and `DCA`/`DCB`/`DCD` first.
    static let versionThree = controls + "ANSI 636039030001DL00310165DLDCAD\nDCBNONE\nDCDNONE\nDBA10072030\nDCSSMITH\nDCTJOHN A\n"
        + "DBD03012022\nDBB10071990\nDBC1\nDAYBRO\nDAU069 IN\nDAG1 MAIN ST\nDAICONCORD\nDAJNH\nDAK033010000\nDAQNHL12345678\nDCGUSA\r"

    /// One damage: a name, what it does to a standard payload, and a few words the reader's warnings must hold.
    struct Damage: CustomTestStringConvertible, Sendable {
        let name: String
        let change: @Sendable (String) -> String
        let warning: String
        var testDescription: String { name }
    }

    static func replacing(_ old: String, _ new: String) -> @Sendable (String) -> String {
        { text in text.replacingOccurrences(of: old, with: new) }
    }

    /// The header's first designator, whatever its numbers.
    static func designator(_ text: String) -> String {
        let start = text.range(of: "DL0")!.lowerBound
        return String(text[start..<text.index(start, offsetBy: 10)])
    }

    static let damages: [Damage] = [
        // The prefix: control characters and file type.
        Damage(name: "compliance indicator lost", change: { String($0.dropFirst()) }, warning: "control characters"),
        Damage(name: "header separators lost", change: replacing(controls, "@"), warning: "control characters"),
        Damage(name: "a space before the file type", change: replacing(controls, "@ "), warning: "control characters"),
        Damage(name: "file type cut short", change: replacing("ANSI ", "AMVA "), warning: "file type damaged"),
        Damage(name: "file type without its space", change: replacing("ANSI ", "ANSI"), warning: "file type damaged"),
        Damage(name: "file type misread", change: replacing("ANSI ", "AN5I "), warning: "file type damaged"),
        Damage(name: "the old file type", change: replacing("ANSI ", "AAMVA"), warning: "old \"AAMVA\""),
        // The issuer and the count.
        Damage(name: "an issuer number no one has", change: { $0.replacingOccurrences(of: "636006", with: "111111")
            .replacingOccurrences(of: "636039", with: "111111") }, warning: "issuer number 111111"),
        Damage(name: "an impossible count", change: { $0.replacingOccurrences(of: "01DL0", with: "99DL0") }, warning: "subfile count 99"),
        Damage(name: "a count of none", change: { $0.replacingOccurrences(of: "01DL0", with: "00DL0") }, warning: "subfile count 0"),
        Damage(name: "a count of more than follow", change: { $0.replacingOccurrences(of: "01DL0", with: "03DL0") }, warning: "subfile count 3"),
        // The designator's offset and length.
        Damage(name: "an offset past the end", change: { text in
            let designator = designator(text)
            return text.replacingOccurrences(of: designator, with: "DL9999" + designator.suffix(4))
        }, warning: "declared offset 9999"),
        Damage(name: "an offset into the header", change: { text in
            let designator = designator(text)
            return text.replacingOccurrences(of: designator, with: "DL0005" + designator.suffix(4))
        }, warning: "declared offset 5"),
        Damage(name: "an offset into the subfile", change: { text in
            let designator = designator(text)
            return text.replacingOccurrences(of: designator, with: "DL0060" + designator.suffix(4))
        }, warning: "declared offset 60"),
        Damage(name: "a length of nothing", change: { text in
            let designator = designator(text)
            return text.replacingOccurrences(of: designator, with: designator.prefix(6) + "0000")
        }, warning: ""),
        // Missing designators.
        Damage(name: "the subfile's own DL lost", change: { text in
            let designator = designator(text)
            return text.replacingOccurrences(of: designator + "DL", with: designator)
        }, warning: "no type before its first element"),
        Damage(name: "the header's designator lost", change: { text in
            text.replacingOccurrences(of: "01" + designator(text), with: "00")
        }, warning: "without a valid designator"),
        Damage(name: "both designators lost", change: { text in
            text.replacingOccurrences(of: "01" + designator(text) + "DL", with: "01")
        }, warning: "no type before its first element"),
        // Lost separators.
        Damage(name: "every control character stripped", change: { $0.filter { $0 >= " " } }, warning: "control characters"),
        Damage(name: "element separators lost", change: replacing("\n", ""), warning: ""),
        Damage(name: "the segment terminator lost", change: { String($0.dropLast()) }, warning: ""),
        Damage(name: "separators turned to spaces", change: { String($0.prefix(4)) + $0.dropFirst(4).replacingOccurrences(of: "\n", with: " ") },
               warning: ""),
        // Several at once, as the public payloads have them.
        Damage(name: "cut short, stripped, no DL, offset into the header", change: { text in
            let designator = designator(text)
            return text.replacingOccurrences(of: "ANSI ", with: "AMVA ").replacingOccurrences(of: designator + "DL", with: designator)
                .filter { $0 >= " " }
        }, warning: "no type before its first element"),
        Damage(name: "no issuer, offset and length past the end, no DL", change: { text in
            let designator = designator(text)
            return text.replacingOccurrences(of: "636006", with: "111111").replacingOccurrences(of: "636039", with: "111111")
                .replacingOccurrences(of: designator + "DL", with: "DL01111111")
        }, warning: "issuer number 111111"),
    ]

    @Test(arguments: damages)
    func aVersionOneLicenceIsRead(damage: Damage) throws {
        let text = damage.change(Self.versionOne)
        try #require(text != Self.versionOne || damage.warning.isEmpty, "the damage changed nothing")
        let payload = try AAMVAPayloadReader.read(Array(text.utf8))
        let licence = try AAMVALicense.parse(Array(text.utf8))
        #expect(licence.familyName == "SMITH" && licence.firstName == "JOHN", "\(payload.cardSubfile?.elements ?? [])")
        #expect(licence.dateOfBirth == CalendarDate(year: 1980, month: 7, day: 4))
        #expect(licence.customerId == "123456789")
        #expect(damage.warning.isEmpty || payload.warnings.contains { $0.contains(damage.warning) }, "\(payload.warnings)")
    }

    @Test(arguments: damages)
    func aVersionThreeLicenceIsRead(damage: Damage) throws {
        let text = damage.change(Self.versionThree)
        let payload = try AAMVAPayloadReader.read(Array(text.utf8))
        let licence = try AAMVALicense.parse(Array(text.utf8))
        #expect(licence.familyName == "SMITH" && licence.firstName == "JOHN", "\(payload.cardSubfile?.elements ?? [])")
        #expect(licence.dateOfBirth == CalendarDate(year: 1990, month: 10, day: 7))
        #expect(licence.customerId == "NHL12345678")
        #expect(damage.warning.isEmpty || payload.warnings.contains { $0.contains(damage.warning) }, "\(payload.warnings)")
    }

    @Test func theUndamagedLayoutsWarnOfNothing() throws {
        for text in [Self.versionOne, Self.versionThree] {
            let payload = try AAMVAPayloadReader.read(Array(text.utf8))
            #expect(payload.warnings.isEmpty, "\(payload.warnings)")
            #expect(payload.cardSubfile?.type == "DL")
        }
    }

    /// Read by element ids alone, a value that cannot be its element's is named.
    @Test func elementsReadByTheirIdsAreCheckedForTheirForm() throws {
        let text = "@ANSI 111111030001DL01111111DCAD\nDCSSMITH\nDCTJOHN\nDBB1990-10-07\nDBC7\nDAQNHL1\r"
        let payload = try AAMVAPayloadReader.read(Array(text.utf8))
        #expect(payload.cardSubfile?["DCS"] == "SMITH")
        #expect(payload.warnings.contains("element DBB does not have its element's form"))
        #expect(payload.warnings.contains("element DBC does not have its element's form"))
        #expect(!payload.warnings.contains { $0.contains("element DCS") })
    }
}
