import Testing
import Verity

/// The key an app opens the chip with (BAC/PACE), from the MRZ's lines or
/// from the fields Verity read, against ICAO 9303's own worked examples.
@Suite("SDK: the chip's access key from the MRZ")
struct ChipAccessKeyTests {
    @Test func icaoPart11sWorkedExampleGivesItsMRZInformation() throws {
        let key = try #require(ChipAccessKey(documentNumber: "L898902C", dateOfBirth: "1969-08-06", dateOfExpiry: "1994-06-23"))
        #expect(key.mrzKey == "L898902C<369080619406236")
    }

    @Test func aPassportsLinesGiveTheSameKeyAsItsFields() throws {
        let lines = ["P<USASMITH<<JOHN<<<<<<<<<<<<<<<<<<<<<<<<<<<<", "P0011832<0USA7502282M3205172<<<<<<<<<<<<<<<8"]
        let fromLines = try #require(ChipAccessKey(mrz: lines))
        #expect(fromLines.mrzKey == "P0011832<075022823205172")
        #expect(fromLines == ChipAccessKey(documentNumber: "P0011832", dateOfBirth: "1975-02-28", dateOfExpiry: "2032-05-17"))
    }

    @Test func aCardsLongDocumentNumberIsReadFromItsOverflow() throws {
        // ICAO 9303 part 5's TD1 example, and its long-number variant (the number runs on in the optional data).
        let short = try #require(ChipAccessKey(mrz: ["I<UTOD231458907<<<<<<<<<<<<<<<", "7408122F1204159UTO<<<<<<<<<<<6",
                                                     "ERIKSSON<<ANNA<MARIA<<<<<<<<<<"]))
        #expect(short.mrzKey == "D23145890774081221204159")
        let long = try #require(ChipAccessKey(mrz: ["I<UTOD23145890<7349<<<<<<<<<<<", "7408122F1204159UTO<<<<<<<<<<<6",
                                                    "ERIKSSON<<ANNA<MARIA<<<<<<<<<<"]))
        #expect(long.documentNumber == "D23145890734" && long.mrzKey == "D23145890734974081221204159")
    }

    @Test func whatCannotBeAnMRZsIsRefused() {
        #expect(ChipAccessKey(documentNumber: "", dateOfBirth: "1975-02-28", dateOfExpiry: "2032-05-17") == nil)
        #expect(ChipAccessKey(documentNumber: "P001 1832", dateOfBirth: "1975-02-28", dateOfExpiry: "2032-05-17") == nil)
        #expect(ChipAccessKey(documentNumber: "P0011832", dateOfBirth: "28/02/1975", dateOfExpiry: "2032-05-17") == nil)
        #expect(ChipAccessKey(documentNumber: "P0011832", dateOfBirth: "1975-13-28", dateOfExpiry: "2032-05-17") == nil)
        #expect(ChipAccessKey(mrz: ["P<USASMITH<<JOHN", "P0011832<0"]) == nil)
    }
}
