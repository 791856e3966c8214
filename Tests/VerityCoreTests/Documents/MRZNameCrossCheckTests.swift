import Testing
@testable import VerityCore

/// MRZ names have no check digit: where the classifier was unsure and the
/// printed page spells the name otherwise, a person must look.
@Suite("MRZ names against the printed page")
struct MRZNameCrossCheckTests {
    let today = CalendarDate(year: 2026, month: 11, day: 23)!
    let lines = ["P<CANMKZTTN<<SARAH<<<<<<<<<<<<<<<<<<<<<<<<<<", "ZE000509<9CAN8501019F2301147<<<<<<<<<<<<<<08"]

    func evidence(words: [String], unsureAt positions: Set<Int>) throws -> DocumentEvidence {
        var evidence = DocumentEvidence(mrz: try MRZParser(today: today).parse(lines), mrzConfidence: 0.97, country: "CA")
        evidence.visualWords = words
        evidence.mrzCharacterConfidence = [(0..<44).map { positions.contains($0) ? 0.5 : 0.99 }, Array(repeating: 0.99, count: 44)]
        return evidence
    }

    @Test func aPrintedNameDifferingWhereTheClassifierWasUnsureIsAMismatch() throws {
        // given: K, Z and the second T of MKZTTN were unsure; the page says MARTIN
        let (_, mismatches) = FieldAssembler(today: today).assemble(try evidence(words: ["PASSPORT", "CANADA", "MARTIN", "SARAH"], unsureAt: [6, 7, 9]))
        // then
        #expect(mismatches.first { $0.field == "surname" }?.values == ["mrz": "MKZTTN", "ocr": "MARTIN"])
        #expect(!mismatches.contains { $0.field == "given_names" }, "SARAH is printed as read")
    }

    @Test func whereTheClassifierWasSureThePrintIsNotTrustedOverIt() throws {
        let (_, mismatches) = FieldAssembler(today: today).assemble(try evidence(words: ["MARTIN", "SARAH"], unsureAt: []))
        #expect(mismatches.isEmpty)
    }

    @Test func anUnrelatedPrintedWordIsNoMismatch() throws {
        // MOSCOW: same length and first letter, but agrees on too few letters.
        let (_, mismatches) = FieldAssembler(today: today).assemble(try evidence(words: ["MOSCOW", "SARAH"], unsureAt: [6, 7, 8, 9, 10]))
        #expect(mismatches.isEmpty)
    }
}
