import Foundation
import Testing
@testable import VerityCore
@testable import VerityVision

/// Generated Egyptian-style ID cards: Arabic text through Tesseract `ara`,
/// national numbers and dates through the Eastern Arabic digit classifier.
@Suite("Egyptian ID: both sides read, national numbers cross-checked")
struct EgyptianIDReadingTests {
    let documents = GeneratedDocuments.shared
    let inspector = DocumentInspector(today: GeneratedDocuments.today)

    func inspect(front: String, back: String) throws -> DocumentReport {
        try inspector.inspect(front: documents.bytes(front), back: documents.bytes(back), type: .idCard, country: "EG")
    }

    /// Every degradation but blur, on cards printed in Amiri, Noto Naskh and
    /// Noto Sans Arabic. Names, places and professions come from the reader's
    /// word lists except one name word in twenty (tools/docgen/egypt.py): those
    /// are counted apart, as they must be read as printed.
    @Test func fieldsAreReadAtTheExpectedAccuracy() throws {
        var exact: [String: AccuracyTable] = [:]
        var byFont = AccuracyTable()
        var nameErrors = 0, nameCharacters = 0
        var unlisted = (read: 0, total: 0)
        let vocabulary = ArabicVocabulary.shared
        for sample in documents.samples(kind: "egypt_id") where sample.degradation != "blur" {
            let report = try inspect(front: sample.files[0], back: sample.files[1])
            for (field, truth) in sample.truth {
                guard let expected = truth.text, !expected.isEmpty else { continue }
                // Gender counts when read from the print; the number's is a fallback.
                let read = report.field(field).flatMap { field == "gender" && $0.source != .ocr ? nil : $0 }
                exact[field, default: AccuracyTable()].record("all", read?.value == expected)
            }
            let name = sample.truth["full_name"]!.text!
            let readName = report.field("full_name")?.value ?? ""
            nameErrors += FieldText.editDistance(name, readName)
            nameCharacters += name.count
            byFont.record(sample.font ?? "?", readName == name)
            let readWords = Set(ArabicConsensus.names(readName))
            for word in ArabicConsensus.names(name)
            where !vocabulary.givenNames.folded.contains(ArabicMatching.fold(word)) && !vocabulary.lineageNames.folded.contains(ArabicMatching.fold(word)) {
                unlisted.total += 1
                if readWords.contains(word) { unlisted.read += 1 }
            }
        }
        let characterErrorRate = Double(nameErrors) / Double(nameCharacters)
        print("Egyptian ID exact: " + exact.keys.sorted().map { "\($0) \(Int((exact[$0]!.rate("all") * 100).rounded()))%" }.joined(separator: ", ")
              + String(format: "; full name character error rate %.2f%%", characterErrorRate * 100))
        print(byFont.summary("Egyptian ID full name exact by font") + "; name words outside the word lists read as printed: \(unlisted.read)/\(unlisted.total)")
        // The digit classifier carries the numbers.
        #expect(exact["front_nid"]!.rate("all") >= 0.9)
        #expect(exact["back_nid"]!.rate("all") >= 0.9)
        #expect(exact["date_of_birth"]!.rate("all") >= 0.9)
        #expect(exact["release_date"]!.rate("all") >= 0.8)
        #expect(exact["expiry_date"]!.rate("all") >= 0.7)
        #expect(exact["serial_number"]!.rate("all") >= 0.8)
        #expect(exact["religion"]!.rate("all") >= 0.75)
        #expect(exact["marital_status"]!.rate("all") >= 0.75)
        // Tesseract's readings, made one by ArabicConsensus against the word lists.
        #expect(exact["first_name"]!.rate("all") >= 0.9)
        #expect(exact["full_name"]!.rate("all") >= 0.9)
        #expect(characterErrorRate <= 0.01)
        for field in ["street", "profession", "husband_name", "police_station", "governorate"] {
            #expect(exact[field]!.rate("all") >= 0.9, "\(field)")
        }
        #expect(unlisted.total > 0 && unlisted.read * 10 >= unlisted.total * 8)
    }

    /// The OCR service's path: each side read alone, kept as JSON (sealed, in
    /// the service) until both are there, then combined.
    @Test func sidesReadAloneKeepOnlyTheirFieldsAndCombineIntoTheCardsReport() throws {
        let sample = documents.samples(kind: "egypt_id").first { $0.degradation == "clean" }!
        let front = try inspector.readEgyptianIDSide(documents.bytes(sample.files[0]), side: .front)
        let back = try inspector.readEgyptianIDSide(documents.bytes(sample.files[1]), side: .back)
        #expect(front.text.frontNID != nil && front.text.firstName != nil && front.text.backNID == nil && front.text.serialNumber == nil)
        #expect(back.text.backNID != nil && back.text.expiryDate != nil && back.text.frontNID == nil && back.text.firstName == nil)
        let kept = try JSONDecoder().decode([EgyptianIDSideReading].self, from: JSONEncoder().encode([front, back]))
        let combined = inspector.combineEgyptianID(front: kept[0], back: kept[1])
        let whole = try inspect(front: sample.files[0], back: sample.files[1])
        #expect(combined.fields == whole.fields && combined.documentVerificationPlus == whole.documentVerificationPlus)
        #expect(combined.front.confidence == whole.front.confidence && combined.back?.confidence == whole.back?.confidence)
        #expect(combined.field("front_nid")?.value == sample.truth["front_nid"]?.text)
        // A front alone is a report too: its own fields, the back's up for review.
        let frontOnly = inspector.combineEgyptianID(front: front, back: nil)
        #expect(frontOnly.back == nil && frontOnly.field("full_name") != nil && frontOnly.field("serial_number") == nil)
        #expect(frontOnly.documentVerificationPlus.reviewRequired.contains("serial_number"))
    }

    @Test func aCleanCardsNumbersAgreeAndDeriveBirthDateAndGovernorate() throws {
        let sample = documents.samples(kind: "egypt_id").first { $0.degradation == "clean" }!
        let report = try inspect(front: sample.files[0], back: sample.files[1])
        #expect(report.field("front_nid")?.value == sample.truth["front_nid"]?.text)
        #expect(report.field("date_of_birth")?.source == .derived)
        #expect(report.field("birth_governorate") != nil)
        #expect(report.field("age") != nil)
        let review = report.documentVerificationPlus.reviewRequired
        #expect(!review.contains("front_nid") && !review.contains("back_nid"))
        #expect(report.documentUnreadable == nil)
    }

    @Test func aFrontAndABackOfDifferentCardsAreFlagged() throws {
        let cards = documents.samples(kind: "egypt_id").filter { $0.degradation == "clean" }
        let report = try inspect(front: cards[0].files[0], back: cards[1].files[1])
        #expect(report.documentVerificationPlus.reviewRequired.contains("front_nid"))
        #expect(report.documentVerificationPlus.reviewRequired.contains("back_nid"))
        #expect(!report.documentVerificationPlus.frontDataValidity || !report.documentVerificationPlus.backDataValidity)
    }

    @Test func aPassportPageIsNoEgyptianCard() throws {
        let passport = documents.samples(kind: "passport").first { $0.degradation == "clean" }!
        let report = try inspect(front: passport.files[0], back: passport.files[0])
        #expect(report.documentUnreadable?.contains(.textUnreadable) == true)
    }
}
