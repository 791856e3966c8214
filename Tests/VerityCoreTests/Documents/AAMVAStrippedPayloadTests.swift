import Testing
@testable import VerityCore

/// Payloads as real scanners hand them over: keyboard wedges and many mobile
/// SDKs strip the control characters, some drop the header or the subfile
/// designator. Payload strings are this project's own (fictional people).
@Suite("AAMVA: payloads without separators, header or designators are cut back into elements")
struct AAMVAStrippedPayloadTests {
    /// A version 8 licence as a wedge scanner types it: no LF, CR or RS anywhere.
    let strippedV8 = "@ANSI 636014080102DL00410265ZC03060026DLDAQD1234562DCSDAVIDSONDDEN" +
        "DACJOHNDDFNDADPAULDDGNDCAC" + "DCBNONEDCDNONEDBD01152021DBB07041980DBA07042026DBC1DAU069 IN" +
        "DAYBRODAG5929 N ROCK STDAIDELRAY BEACHDAJFLDAK334450000  DCF00/00/0000NNN/DD/DDDCGUSA" +
        "DAW180DAZBRODCKD1234562010101DDAFDDB01312019ZCZCAWHITEZCBGREEN"

    @Test func aWedgeScannedV8LicenceIsReadFieldByField() throws {
        // when
        let licence = try AAMVALicense.parse(Array(strippedV8.utf8))
        // then
        #expect(licence.customerId == "D1234562")
        #expect(licence.familyName == "DAVIDSON")
        #expect(licence.firstName == "JOHN")
        #expect(licence.middleNames == "PAUL")
        #expect(licence.dateOfBirth == CalendarDate(year: 1980, month: 7, day: 4))
        #expect(licence.issueDate == CalendarDate(year: 2021, month: 1, day: 15))
        #expect(licence.expiryDate == CalendarDate(year: 2026, month: 7, day: 4))
        #expect(licence.sex == .male)
        #expect(licence.height == "069 IN")
        #expect(licence.eyeColor == "BRO")
        #expect(licence.street == "5929 N ROCK ST")
        #expect(licence.city == "DELRAY BEACH")
        #expect(licence.jurisdiction == "FL")
        #expect(licence.postalCode?.hasPrefix("33445") == true)
        #expect(licence.country == "USA")
        #expect(licence.vehicleClass == "C")
        #expect(licence.restrictions == nil, "DCB NONE means no restrictions")
        #expect(licence.elements.first { $0.id == "DCB" }?.value == "NONE")
        #expect(licence.documentDiscriminator == "00/00/0000NNN/DD/DD")
        let payload = try AAMVAPayloadReader.read(Array(strippedV8.utf8))
        #expect(payload.cardSubfile?["DDB"] == "01312019", "the jurisdiction subfile does not run into the card's last element")
        let jurisdiction = payload.subfiles.first { $0.type == "ZC" }
        #expect(jurisdiction?["ZCA"] == "WHITE" && jurisdiction?["ZCB"] == "GREEN")
    }

    @Test func aVersion1FullNameRunIsSplitFromTheAddress() throws {
        // given: the header survives, the separators do not (the issue's example)
        let payload = "@ANSI 6360100101DL00290192DLDAADOE,JOHN,QDAG5929 N ROCK STDAIDELRAYDAJFLDAK334450000" +
            "DAQD123456789DBA20280704DBB19800704DBC1DAU600DAYBLU"
        // when
        let licence = try AAMVALicense.parse(Array(payload.utf8))
        // then
        #expect(licence.familyName == "DOE")
        #expect(licence.firstName == "JOHN")
        #expect(licence.street == "5929 N ROCK ST")
        #expect(licence.city == "DELRAY")
        #expect(licence.dateOfBirth == CalendarDate(year: 1980, month: 7, day: 4))
        #expect(licence.customerId == "D123456789")
    }

    @Test func aPayloadWithoutHeaderOrDesignatorIsReadFromItsElements() throws {
        // given: only the card subfile's elements, as some mobile SDKs return them
        // (DACANNADAD…: with ANA the run would be truly ambiguous, DACANA+DAD or DACANADA+D.)
        let payload = "DAQ987654321DCSMARTINEZDACANNADADMARIADBB11231990DBA11232030DBC2DAG12 MAIN ST" +
            "DAIAUSTINDAJTXDAK78701     DCGUSA"
        // when
        let licence = try AAMVALicense.parse(Array(payload.utf8))
        // then
        #expect(licence.familyName == "MARTINEZ")
        #expect(licence.firstName == "ANNA")
        #expect(licence.middleNames == "MARIA")
        #expect(licence.sex == .female)
        #expect(licence.dateOfBirth == CalendarDate(year: 1990, month: 11, day: 23))
        #expect(licence.postalCode?.hasPrefix("78701") == true)
        #expect(licence.warnings.contains { $0.contains("no AAMVA header") })
    }

    @Test func aHeaderlessVersion1PayloadReadsItsDatesYearFirst() throws {
        // given: version 1 names (DAB, DAC) and CCYYMMDD dates, no country element
        let payload = "DAQ4455DABNAKAMURADACKENDBB19800704DBA20300704DBC1DAJWA"
        // when
        let licence = try AAMVALicense.parse(Array(payload.utf8))
        // then
        #expect(licence.version == 1)
        #expect(licence.familyName == "NAKAMURA" && licence.firstName == "KEN")
        #expect(licence.dateOfBirth == CalendarDate(year: 1980, month: 7, day: 4))
    }

    @Test func aSubfileTypeBeforeTheElementsIsFoundWithoutAHeader() throws {
        let payload = "IDDAQ55512DCSOKAFORDACCHIDIDADNONEDBB02291996DBA02292032DBC2DCGUSA"
        let licence = try AAMVALicense.parse(Array(payload.utf8))
        #expect(licence.documentType == "ID")
        #expect(licence.familyName == "OKAFOR")
        #expect(licence.firstName == "CHIDI")
        #expect(licence.dateOfBirth == CalendarDate(year: 1996, month: 2, day: 29))
    }

    @Test func namesHoldingElementIdsStayWhole() {
        // "DAVID" holds DAV (height in cm), "ADAMS" holds DAM (address line): neither is cut.
        let elements = AAMVASegmenter.elements(in: "DCSADAMSDACDAVIDDBB01021990DAU072 IN")
        #expect(elements.map(\.id) == ["DCS", "DAC", "DBB", "DAU"])
        #expect(elements.first { $0.id == "DAC" }?.value == "DAVID")
        #expect(elements.first { $0.id == "DCS" }?.value == "ADAMS")
    }

    @Test func textThatIsNoLicenceIsStillAClearError() {
        for text in ["DAQ", "hello DAQ world", "DCSSMITH"] {
            #expect(throws: VerityError(.invalidInput, "")) { try AAMVALicense.parse(Array(text.utf8)) }
        }
    }
}
