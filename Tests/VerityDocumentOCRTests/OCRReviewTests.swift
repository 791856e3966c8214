import Testing
import VerityAPI
@testable import VerityCore
@testable import VerityDocumentOCR

/// Which national-ID combinations wait for a person (`OCRReview`): marked
/// fields or a zone of 1; never an expired card or a zone of 2, which a
/// person would not overturn. (The end-to-end case is `ConsoleOCRTests`.)
@Suite("OCR review: which combinations a person looks at")
struct OCRReviewTests {
    static func result(review: [String] = [], expired: Bool = false, fraud: Int? = 0, anomaly: Int? = 0) -> OCRResult {
        var result = OCRResult(transactionIdFront: "ocrf_1", transactionIdBack: "ocrb_1", combinationID: "ocrc_1",
                               documentVerificationPlus: OCRDocumentVerificationPlus(DocumentVerificationPlus(
                                   frontDataValidity: true, backDataValidity: review.isEmpty, expired: expired, reviewRequired: review)),
                               isRootOfTrustCompatible: true)
        result.advancedConfidence = OCRAdvancedConfidence(fraudDetectionZone: fraud, fraudDetectionDetails: .init(), anomalyDetectionZone: anomaly)
        return result
    }

    @Test func markedFieldsAndReviewZonesWait() {
        #expect(OCRReview.reasons(Self.result(review: ["gender", "religion"])) == ["FIELDS_TO_REVIEW"])
        #expect(OCRReview.reasons(Self.result(fraud: 1)) == ["FRAUD_SIGNALS"])
        #expect(OCRReview.reasons(Self.result(review: ["street"], anomaly: 1)) == ["FIELDS_TO_REVIEW", "ANOMALY_SIGNALS"])
    }

    @Test func aCleanCardAndMachineCertainFindingsDoNot() {
        #expect(OCRReview.reasons(Self.result()).isEmpty)
        #expect(OCRReview.reasons(Self.result(fraud: nil, anomaly: nil)).isEmpty)
        // A covered or pasted card (zone 2) and an expired one stand as the engines said, marked fields or not.
        #expect(OCRReview.reasons(Self.result(review: ["gender"], anomaly: 2)).isEmpty)
        #expect(OCRReview.reasons(Self.result(review: ["gender"], fraud: 2)).isEmpty)
        #expect(OCRReview.reasons(Self.result(review: ["gender"], expired: true)).isEmpty)
    }
}
