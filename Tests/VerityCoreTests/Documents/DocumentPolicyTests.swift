import Testing
@testable import VerityCore

@Suite("Document decisions: fields, cross-checks and the spec's flags come from the evidence")
struct DocumentPolicyTests {
    let today = CalendarDate(year: 2026, month: 11, day: 22)!
    let specimen = [
        "P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<",
        "L898902C36UTO7408122F1204159ZE184226B<<<<<10",
    ]

    func quality(greyscale: Bool = false, sharp: Bool = true) -> QualityReport {
        QualityReport(width: 1000, height: 700, signals: [
            QualitySignal(name: .colourfulness, value: greyscale ? 0 : 0.1, threshold: 0.03, direction: .atLeast),
            QualitySignal(name: .sharpness, value: sharp ? 900 : 3, threshold: 100, direction: .atLeast),
        ], document: DocumentPlacement(corners: [], fullyInFrame: true, fillsFrame: false, coverage: 0.6))
    }

    func report(visual: [VisualZoneParser.Value] = [], greyscale: Bool = false, outcome: ReadOutcome? = nil) throws -> DocumentReport {
        let mrz = try MRZParser(today: today).parse(specimen)
        let evidence = DocumentEvidence(mrz: mrz, mrzConfidence: 0.98, visual: visual, country: "UT")
        let (fields, mismatches) = FieldAssembler(today: today).assemble(evidence)
        var report = DocumentReport(documentType: .passport, country: "UT", fields: fields, mrz: mrz, mismatches: mismatches,
                                    front: SideEvidence(quality: quality(greyscale: greyscale), confidence: 98))
        DocumentDecisionPolicy(today: today).apply(to: &report, outcome: outcome ?? ReadOutcome(kind: .mrz, side: .front, status: .read, confidence: 0.98), flagged: [])
        return report
    }

    @Test func checkDigitConfirmedFieldsComeFromTheMRZWithDerivedAge() throws {
        let report = try report()
        #expect(report.field("date_of_birth") == DocumentField(name: "date_of_birth", value: "1974-08-12", source: .mrz, confidence: 1))
        #expect(report.field("age")?.value == "52" && report.field("age")?.source == .derived)
        #expect(report.documentVerificationPlus.expired, "the specimen expired in 2012")
        #expect(report.documentVerificationPlus.frontDataValidity)
    }

    @Test func aPrintedDateThatDisagreesWithTheMRZIsAMismatchForReview() throws {
        let report = try report(visual: [
            .init(field: "date_of_birth", text: "13 AUG 1974", confidence: 95),
            .init(field: "surname", text: "ERIKSSON", confidence: 95),
        ])
        #expect(report.mismatches == [FieldMismatch(field: "date_of_birth", values: ["mrz": "1974-08-12", "ocr": "1974-08-13"])])
        #expect(report.documentVerificationPlus.reviewRequired == ["date_of_birth"])
        #expect(!report.documentVerificationPlus.frontDataValidity)
    }

    @Test func oneCharacterOfLowConfidenceOCRNoiseIsNotAMismatch() throws {
        let report = try report(visual: [.init(field: "surname", text: "ERIKSS0N", confidence: 75)])
        #expect(report.mismatches.isEmpty)
    }

    @Test func aGreyCopyIsNotValidData() throws {
        let report = try report(greyscale: true)
        #expect(report.documentVerificationPlus.isFrontGreyscale)
        #expect(!report.documentVerificationPlus.frontDataValidity)
    }

    @Test func aFailedReadListsWhatTheUserCanFix() throws {
        var report = DocumentReport(documentType: .passport, country: "UT", front: SideEvidence(quality: quality(sharp: false)))
        DocumentDecisionPolicy(today: today).apply(to: &report, outcome: ReadOutcome(kind: .mrz, side: .front, status: .notFound, confidence: 0), flagged: [])
        #expect(report.documentUnreadable == [.blurry, .mrzNotFound])
        #expect(Set(report.documentVerificationPlus.reviewRequired) == ["document_number", "surname", "date_of_birth", "expiry_date"])
    }

    @Test func printedDatesInTheirUsualShapes() {
        #expect(PrintedDate.parse("12 AUG 1974") == CalendarDate(year: 1974, month: 8, day: 12))
        #expect(PrintedDate.parse("O4 OCT 1949") == CalendarDate(year: 1949, month: 10, day: 4))
        #expect(PrintedDate.parse("12.08.1974") == CalendarDate(year: 1974, month: 8, day: 12))
        #expect(PrintedDate.parse("08/12/1974", monthFirst: true) == CalendarDate(year: 1974, month: 8, day: 12))
        #expect(PrintedDate.parse("1974-08-12") == CalendarDate(year: 1974, month: 8, day: 12))
        #expect(PrintedDate.parse("31 FEB 1974") == nil)
        #expect(PrintedDate.parse("SPECIMEN") == nil)
    }

    @Test func captionsFindTheValueBelowThem() {
        let lines = [
            RecognisedLine(text: "Surname / Nom", confidence: 90, x: 380, y: 170, width: 120, height: 14),
            RecognisedLine(text: "VAN DER BERG", confidence: 96, x: 380, y: 190, width: 140, height: 20),
            RecognisedLine(text: "Place of birth / Lieu de naissance", confidence: 90, x: 380, y: 450, width: 200, height: 14),
            RecognisedLine(text: "LAKEVIEW", confidence: 93, x: 381, y: 470, width: 100, height: 20),
            RecognisedLine(text: "Date of birth / Date de naissance", confidence: 90, x: 380, y: 380, width: 200, height: 14),
            RecognisedLine(text: "04 OCT 1949", confidence: 95, x: 380, y: 400, width: 120, height: 20),
        ]
        let values = VisualZoneParser.values(in: lines)
        #expect(values.first { $0.field == "surname" }?.text == "VAN DER BERG")
        #expect(values.first { $0.field == "place_of_birth" }?.text == "LAKEVIEW")
        #expect(values.first { $0.field == "date_of_birth" }?.text == "04 OCT 1949")
    }
}
