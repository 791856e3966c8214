import Testing
@testable import VerityCore

/// ICAO 9303 specimens (parts 4–7): the public test documents of Utopia.
@Suite("MRZ: every ICAO layout is parsed and every check digit verified")
struct MRZParserTests {
    let parser = MRZParser(today: CalendarDate(year: 2026, month: 11, day: 22)!)

    @Test func passportSpecimenTD3() throws {
        // when
        let mrz = try parser.parse([
            "P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<",
            "L898902C36UTO7408122F1204159ZE184226B<<<<<10",
        ])
        // then
        #expect(mrz.format == .td3)
        #expect(mrz.valid)
        #expect(mrz.checks.map(\.name) == ["documentNumber", "dateOfBirth", "expiryDate", "personalNumber", "composite"])
        #expect(mrz.documentCode == "P")
        #expect(mrz.issuingState == "UTO" && mrz.issuingStateKnown)
        #expect(mrz.surname == "ERIKSSON")
        #expect(mrz.givenNames == "ANNA MARIA")
        #expect(mrz.documentNumber == "L898902C3")
        #expect(mrz.dateOfBirth == CalendarDate(year: 1974, month: 8, day: 12))
        #expect(mrz.expiryDate == CalendarDate(year: 2012, month: 4, day: 15))
        #expect(mrz.sex == .female)
        #expect(mrz.optionalData1 == "ZE184226B")
        #expect(mrz.corrections.isEmpty)
    }

    @Test func idCardSpecimenTD1() throws {
        let mrz = try parser.parse([
            "I<UTOD231458907<<<<<<<<<<<<<<<",
            "7408122F1204159UTO<<<<<<<<<<<6",
            "ERIKSSON<<ANNA<MARIA<<<<<<<<<<",
        ])
        #expect(mrz.format == .td1)
        #expect(mrz.valid)
        #expect(mrz.documentNumber == "D23145890")
        #expect(mrz.nationality == "UTO")
        #expect(mrz.givenNames == "ANNA MARIA")
        #expect(mrz.checks.count == 4)
    }

    @Test func td1LongDocumentNumberContinuesInOptionalData() throws {
        // A 12-character number: 9 in place, the rest and its check digit in the optional data.
        let number = "D23145890123"
        let check = MRZCheckDigit.compute(number)!
        let line1 = "I<UTO" + number.prefix(9) + "<" + number.dropFirst(9) + String(check)
        let padded = line1 + String(repeating: "<", count: 30 - line1.count)
        let line2Body = "7408122F1204159UTO<<<<<<<<<<<"
        let composite = MRZCheckDigit.compute(Array(padded)[5...] + Array(line2Body)[0..<7] + Array(line2Body)[8..<15] + Array(line2Body)[18..<29])!
        let mrz = try parser.parse([padded, line2Body + String(composite), "ERIKSSON<<ANNA<MARIA<<<<<<<<<<"])
        #expect(mrz.documentNumber == number)
        #expect(mrz.valid)
    }

    @Test func idCardSpecimenTD2() throws {
        let mrz = try parser.parse([
            "I<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<",
            "D231458907UTO7408122F1204159<<<<<<<6",
        ])
        #expect(mrz.format == .td2)
        #expect(mrz.valid)
        #expect(mrz.checks.last?.name == "composite")
    }

    @Test func visasMRVAandMRVBHaveNoComposite() throws {
        let a = try parser.parse([
            "V<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<",
            "L8988901C4XXX4009078F96121096ZE184226B<<<<<<",
        ])
        let b = try parser.parse([
            "V<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<",
            "L8988901C4XXX4009078F9612109<<<<<<<<",
        ])
        #expect(a.format == .mrvA && b.format == .mrvB)
        #expect(a.valid && b.valid)
        #expect(a.checks.map(\.name) == ["documentNumber", "dateOfBirth", "expiryDate"])
        #expect(a.nationality == "XXX" && a.nationalityKnown)
        #expect(a.expiryDate == CalendarDate(year: 1996, month: 12, day: 10))
        #expect(b.dateOfBirth == CalendarDate(year: 1940, month: 9, day: 7))
    }

    @Test func aWrongCheckDigitIsReportedNotHidden() throws {
        // The date of birth's check digit says 2; 3 is printed. Nothing can be repaired.
        let mrz = try parser.parse([
            "P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<",
            "L898902C36UTO7408123F1204159ZE184226B<<<<<10",
        ])
        #expect(!mrz.valid)
        let dob = try #require(mrz.checks.first { $0.name == "dateOfBirth" })
        #expect(!dob.valid && dob.printed == "3" && dob.computed == 2)
    }

    @Test func germanNationalityDWithFillersIsKnown() throws {
        let line2 = "C01X00T478D<<6408125F2702283<<<<<<<<<<<<<<<4"
        let mrz = try parser.parse(["P<D<<MUSTERMANN<<ERIKA<<<<<<<<<<<<<<<<<<<<<<", line2])
        #expect(mrz.issuingState == "D" && mrz.issuingStateKnown)
        #expect(mrz.nationality == "D" && mrz.nationalityKnown)
        #expect(mrz.valid)
    }

    @Test func centuriesFollowBirthInThePastAndExpiryInTheFuture() {
        let today = CalendarDate(year: 2026, month: 11, day: 22)!
        #expect(CalendarDate.fromYYMMDD("261121", kind: .past, today: today)?.year == 2026)
        #expect(CalendarDate.fromYYMMDD("261123", kind: .past, today: today)?.year == 1926)
        #expect(CalendarDate.fromYYMMDD("050101", kind: .past, today: today)?.year == 2005)
        #expect(CalendarDate.fromYYMMDD("360101", kind: .future, today: today)?.year == 2036)
        #expect(CalendarDate.fromYYMMDD("950101", kind: .future, today: today)?.year == 1995)
        #expect(CalendarDate.fromYYMMDD("990231", kind: .future, today: today) == nil)
    }

    @Test func linesOfTheWrongShapeAreRejectedWithAClearError() {
        for lines in [["P<UTO"], ["P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", "L898902C36UTO"], [String]()] {
            #expect(throws: VerityError(.invalidInput, "")) { try parser.parse(lines) }
        }
        #expect(throws: VerityError(.invalidInput, "")) {
            try parser.parse(["P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", "L898902C36UTO7408122F1204159ZE184226B<<<<<1!"])
        }
    }
}
