import Foundation
import Testing
@testable import VerityCore

/// Which checks wait for a person: only verdicts a person could overturn.
@Suite("Document review policy")
struct DocumentReviewPolicyTests {
    static func report(review: [String] = []) -> DocumentReport {
        var report = DocumentVerdictPolicyTests.report()
        report.documentVerificationPlus.reviewRequired = review
        return report
    }

    static func selfie(_ distance: Double) -> SelfieEvidence {
        SelfieEvidence(selfieFaceFound: true, portraitFaceFound: true, distance: distance, threshold: 0.58,
                       attackSuspected: false, livenessReasons: [])
    }

    let on = DocumentReviewPolicy(settings: DocumentReviewSettings(enabled: true, faceMargin: 0.04))

    @Test func aPassWithFieldsToReviewOrAFaceNearTheThresholdWaits() {
        #expect(on.reasons(verdict: .succeeded, report: Self.report(review: ["date_of_birth"]), selfie: nil) == [.fieldsToReview])
        #expect(on.reasons(verdict: .succeeded, report: Self.report(), selfie: Self.selfie(0.55)) == [.faceNearThreshold])
        #expect(on.reasons(verdict: .succeeded, report: Self.report(review: ["mrz"]), selfie: Self.selfie(0.6)) == [.fieldsToReview, .faceNearThreshold])
    }

    @Test func aCleanPassAndAClearFaceStandWithoutAPerson() {
        #expect(on.reasons(verdict: .succeeded, report: Self.report(), selfie: nil).isEmpty)
        #expect(on.reasons(verdict: .succeeded, report: Self.report(), selfie: Self.selfie(0.3)).isEmpty)
        #expect(on.reasons(verdict: .failed([.faceMismatch]), report: Self.report(), selfie: Self.selfie(0.9)).isEmpty)
    }

    @Test func aFaceMismatchByAHairWaitsAndMachineCertainFailuresStand() {
        #expect(on.reasons(verdict: .failed([.faceMismatch]), report: Self.report(), selfie: Self.selfie(0.61)) == [.faceNearThreshold])
        // Another failure beside it decides: a person cannot make an expired document valid.
        #expect(on.reasons(verdict: .failed([.expired, .faceMismatch]), report: Self.report(), selfie: Self.selfie(0.61)).isEmpty)
        #expect(on.reasons(verdict: .failed([.identityMismatch]), report: Self.report(review: ["surname"]), selfie: nil).isEmpty)
        // Unreadable images go back to the user, who can take better ones.
        #expect(on.reasons(verdict: .unreadable([.blurry]), report: Self.report(review: ["surname"]), selfie: nil).isEmpty)
    }

    @Test func anEnvironmentWithoutReviewersHoldsNothing() {
        let off = DocumentReviewPolicy(settings: DocumentReviewSettings())
        #expect(off.reasons(verdict: .succeeded, report: Self.report(review: ["date_of_birth"]), selfie: Self.selfie(0.57)).isEmpty)
        #expect(on.reasons(verdict: .succeeded, report: nil, selfie: nil).isEmpty)
    }

    @Test func theMarginIsCheckedAndStoredSettingsReadWithTheirDefaults() throws {
        #expect(throws: VerityError.self) { try DocumentReviewSettings(enabled: true, faceMargin: 0.2).validated() }
        #expect(throws: VerityError.self) { try DocumentReviewSettings(enabled: true, faceMargin: -0.01).validated() }
        #expect(throws: VerityError.self) { try DocumentReviewSettings(enabled: true, faceMargin: .nan).validated() }
        let stored = try JSONDecoder().decode(DocumentFlowSettings.self, from: Data(#"{"ocrCaptures": true}"#.utf8))
        #expect(stored.review == DocumentReviewSettings())
        let partial = try JSONDecoder().decode(DocumentReviewSettings.self, from: Data(#"{"enabled": true}"#.utf8))
        #expect(partial.enabled && partial.faceMargin == DocumentReviewSettings.defaultFaceMargin)
    }
}
