import Testing
@testable import VerityCore

@Suite("MRZ: recognition errors are repaired only when field types or check digits confirm it")
struct MRZRepairTests {
    let parser = MRZParser(today: CalendarDate(year: 2026, month: 11, day: 22)!)
    let nameLine = "P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<"
    let numberLine = "L898902C36UTO7408122F1204159ZE184226B<<<<<10"

    @Test func lettersInDatesBecomeDigits() throws {
        // given: O for 0 and I for 1 in the dates, S for 5 in a check digit
        let mrz = try parser.parse([nameLine, "L898902C36UTO74O8122FI204IS9ZE184226B<<<<<10"])
        // then
        #expect(mrz.valid)
        #expect(mrz.dateOfBirth == CalendarDate(year: 1974, month: 8, day: 12))
        #expect(mrz.corrections.count == 4)
        #expect(mrz.corrections.allSatisfy { $0.reason == .fieldType })
        #expect(mrz.corrections.first == MRZCorrection(line: 2, position: 16, from: "O", to: "0", reason: .fieldType))
    }

    @Test func fillersReadAsLettersAfterTheNameBecomeFillers() throws {
        let mrz = try parser.parse(["P<UTOERIKSSON<<ANNA<MARIA<<<KKK<<<<KK<<<<C<<", numberLine])
        #expect(mrz.surname == "ERIKSSON")
        #expect(mrz.givenNames == "ANNA MARIA")
        #expect(mrz.lines[0] == nameLine)
        #expect(mrz.corrections.count == 6 && mrz.corrections.allSatisfy { $0.reason == .filler })
    }

    @Test func digitsInNamesBecomeLetters() throws {
        let mrz = try parser.parse(["P<UTOER1KSS0N<<ANNA<MAR1A<<<<<<<<<<<<<<<<<<<", numberLine])
        #expect(mrz.surname == "ERIKSSON" && mrz.givenNames == "ANNA MARIA")
    }

    @Test func aDocumentNumberLookalikeIsSettledByItsCheckDigit() throws {
        // given: the 0 of L898902C3 read as O; both are legal in a document number
        let mrz = try parser.parse([nameLine, "L8989O2C36UTO7408122F1204159ZE184226B<<<<<10"])
        // then: only 0 makes the check digit 6 confirm the number
        #expect(mrz.documentNumber == "L898902C3")
        #expect(mrz.valid)
        #expect(mrz.corrections == [MRZCorrection(line: 2, position: 6, from: "O", to: "0", reason: .checkDigit)])
    }

    @Test func aLookalikeTwoRepairsCouldExplainIsLeftAlone() throws {
        // given: the 2 read as Z; changing Z→2 or the first 8→B both satisfy the check digit
        let mrz = try parser.parse([nameLine, "L89890ZC36UTO7408122F1204159ZE184226B<<<<<10"])
        // then: no guess; the failure stays visible
        #expect(mrz.documentNumber == "L89890ZC3")
        #expect(!mrz.valid)
        #expect(mrz.corrections.isEmpty)
    }

    @Test func aMisreadDigitWithoutALookalikeIsNeverGuessed() throws {
        // given: a 7 read as 1 in the birth date (no letter involved)
        let mrz = try parser.parse([nameLine, "L898902C36UTO1408122F1204159ZE184226B<<<<<10"])
        // then: the check digit fails and stays failed; the date is not rewritten
        #expect(!mrz.valid)
        #expect(mrz.dateOfBirth == CalendarDate(year: 2014, month: 8, day: 12))
        #expect(mrz.corrections.isEmpty)
    }

    @Test func aFillerCheckDigitReadAsKIsRestored() throws {
        // TD2 whose optional data is empty: composite confirms; K stands for <
        let mrz = try parser.parse(["I<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<", "D231458907UTO7408122F1204159<<<<<<<6"])
        #expect(mrz.valid)
        let kLine = "L898902C36UTO7408122F1204159ZE184226B<<<<<K0"
        let repaired = try parser.parse([nameLine, kLine])
        #expect(repaired.checks.first { $0.name == "personalNumber" }?.printed == "<")
        #expect(!repaired.valid, "the personal number is not all fillers, so < cannot confirm it")
    }
}

@Suite("MRZ repairs that real scans need")
struct MRZRealScanRepairTests {
    let parser = MRZParser(today: CalendarDate(year: 2026, month: 11, day: 23)!)

    @Test func aVisasVReadAsWIsStillAVisa() throws {
        let result = try parser.parse(["WNUSATRAVELER<<HAPPY<<<<<<<<<<<<<<<<<<<<<<<<", "1234567897CAN6612120M1407282B3XLC000FD142955"])
        #expect(result.format == .mrvA)
        #expect(result.documentCode == "VN")
        #expect(result.valid)
    }

    @Test func aMisreadCheckDigitIsReplacedOnlyByOneTheRecogniserSaw() throws {
        // given: the document number's check digit 7 read as 4, the recogniser's second guess 7
        let lines = ["VNUSATRAVELER<<HAPPY<<<<<<<<<<<<<<<<<<<<<<<<", "1234567894CAN6612120M1407282B3XLC000FD142955"]
        var alternatives = lines.map { [[Character]](repeating: [], count: $0.count) }
        // when: without the second guess nothing changes; with it, the digit it saw confirms the field
        let plain = try parser.parse(lines, alternatives: alternatives)
        alternatives[1][9] = ["7"]
        let seen = try parser.parse(lines, alternatives: alternatives)
        // then
        #expect(!plain.valid)
        #expect(seen.valid && seen.lines[1].hasPrefix("1234567897"))
    }

    @Test func aFillerBlurredIntoALetterIsRepairedWhereTheFieldSaysSo() throws {
        // given: D<C is no country; VAN<DER<BERG<CKENJI has given names but no <<
        let result = try parser.parse(["P<D<CVAN<DER<BERG<CKENJI<<<<<<<<<<<<<<<<<<<<", "P790345<<3D<C4910040M280713326142383727<<<78"])
        #expect(result.issuingState == "D")
        #expect(result.nationality == "D")
        #expect(result.surname == "VAN DER BERG")
        #expect(result.givenNames == "KENJI")
    }

    @Test func theDocumentExtentFromTheZoneTellsATightScanFromACutOne() {
        // given: a TD3 zone 880 px wide (8 px per mm), 60 px high, 20 px above the bottom of a 1000 × 704 scan
        let extent = MRZDocumentExtent(format: .td3, zoneX: 60, zoneY: 620, zoneWidth: 880, zoneHeight: 60)
        // then: the page is 125 × 88 mm at ~7.9 px/mm
        #expect(abs(extent.width - 984) < 2 && abs(extent.height - 693) < 2)
        #expect(extent.fits(pictureWidth: 1000, pictureHeight: 704))
        #expect(!extent.fits(pictureWidth: 800, pictureHeight: 704), "a fifth of the page is missing")
        #expect(!extent.fits(pictureWidth: 1000, pictureHeight: 400))
    }
}

@Suite("MRZ name separators blurred into letters")
struct MRZNameSeparatorTests {
    let parser = MRZParser(today: CalendarDate(year: 2026, month: 11, day: 23)!)
    let line2 = "1234567897CAN6612120M1407282B3XLC000FD142955"

    @Test func aLookalikeBeforeOrAfterASingleFillerIsTheSeparatorWhenItIsTheOnlyOne() throws {
        #expect(try parser.parse(["VNUSATRAVELERK<HAPPY<<<<<<<<<<<<<<<<<<<<<<<<", line2]).givenNames == "HAPPY")
        #expect(try parser.parse(["VNUSATRAVELER<CHAPPY<<<<<<<<<<<<<<<<<<<<<<<<", line2]).givenNames == "HAPPY")
    }

    @Test func twoPlacesThatCouldBeTheSeparatorChangeNothing() throws {
        // JONES<ANNE<KATE: E before a filler and K after one; a guess would be a coin toss.
        let result = try parser.parse(["VNUSAJONES<ANNE<KATE<<<<<<<<<<<<<<<<<<<<<<<<", line2])
        #expect(result.surname == "JONES ANNE KATE")
        #expect(result.givenNames == "")
    }
}

@Suite("MRZ country codes: no check digit covers them, so a misread is repaired against the ICAO list or flagged")
struct MRZCountryRepairTests {
    let parser = MRZParser(today: CalendarDate(year: 2026, month: 11, day: 22)!)
    let nameLine = "P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<"
    let numberLine = "L898902C36UTO7408122F1204159ZE184226B<<<<<10"

    func withCountries(_ state: String, _ nationality: String) -> [String] {
        [nameLine.replacingOccurrences(of: "P<UTO", with: "P<" + state), numberLine.replacingOccurrences(of: "C36UTO", with: "C36" + nationality)]
    }

    @Test func aMisreadNationalityBecomesTheIssuingStateOneLetterAway() throws {
        let mrz = try parser.parse(withCountries("MLT", "RLT"))
        #expect(mrz.nationality == "MLT" && mrz.nationalityKnown)
        #expect(mrz.corrections == [MRZCorrection(line: 2, position: 11, from: "R", to: "M", reason: .countryCode)])
    }

    @Test func aMisreadCodeBecomesTheOneCodeAnOCRBLookalikeGives() throws {
        // H for N (both fields misread alike), 3 for D
        let netherlands = try parser.parse(withCountries("HLD", "HLD"))
        #expect(netherlands.issuingState == "NLD" && netherlands.nationality == "NLD")
        let three = try parser.parse(withCountries("NL3", "NLD"))
        #expect(three.issuingState == "NLD" && three.issuingStateKnown)
    }

    @Test func theRecognisersOwnSecondChoicesComeFirst() throws {
        // given: the recogniser saw X or D at the issuing state's first letter, W or E at its second
        var alternatives = withCountries("XWX", "XWX").map { [[Character]](repeating: [], count: $0.count) }
        alternatives[0][2] = ["D"]
        alternatives[0][3] = ["E"]
        alternatives[0][4] = ["U"]
        // when
        let mrz = try parser.parse(withCountries("XWX", "DEU"), alternatives: alternatives)
        // then
        #expect(mrz.issuingState == "DEU")
    }

    @Test func aCodeNoRepairIsSureOfStaysAsReadAndUnknown() throws {
        // XWX: no known code is one lookalike away, and the other field is no help
        let mrz = try parser.parse(withCountries("XWX", "QQQ"))
        #expect(mrz.issuingState == "XWX" && !mrz.issuingStateKnown)
        #expect(!mrz.corrections.contains { $0.reason == .countryCode })
        // Utopia, ICAO's specimen state, is a known code and stays
        #expect(try parser.parse([nameLine, numberLine]).issuingStateKnown)
    }
}
