import Fluent
import Foundation
import VerityAPI
import VerityCore
import VerityPages
import VerityStore
import VerityKernel
import VerityWebhooks

extension ReviewCaseKind {
    /// An OCR combination whose fields need review (`OCRReview`); the store
    /// names it too, as the sweep keeps what such a case waits on.
    static let ocrCombination = OCRSessionRepository.reviewKind
}

/// A national-ID OCR combination held for a person. The SDK received its
/// signed answer when it combined (an answer is not re-signed afterwards), so
/// the reviewer's decision goes to the tenant's backend as
/// `ocr.combination_decided`; the combined result and the images it kept go
/// in the same transaction.
struct OCRCombinationReview: ReviewCaseHandler {
    let protector: DataProtector

    var kinds: [ReviewCaseKind] { [.ocrCombination] }
    var words: [String: [String: String]] { OCRCombinationReviewWords.tables }

    func reasons(_ kind: ReviewCaseKind, _ decision: ReviewDecision) -> [String] {
        // The SDK has the signed answer already: the decision reaches the tenant's backend.
        switch decision {
        case .approve: ["EVIDENCE_CONSISTENT", "FIELDS_CONFIRMED"]
        case .reject: [DocumentFailure.documentTampered.rawValue, DocumentFailure.sourcesDisagree.rawValue, "EVIDENCE_INSUFFICIENT"]
        }
    }

    /// The held combination, when it is the case's environment's.
    private func held(_ reviewCase: ReviewCaseModel, _ scope: RequestScope) async throws -> OCRSessionRepository.HeldCombination? {
        guard let held = try await OCRSessionRepository(db: scope.db).held(id: reviewCase.subjectID),
              held.environmentID == reviewCase.environmentID else { return nil }
        return held
    }

    func evidence(of reviewCase: ReviewCaseModel, in scope: RequestScope) async throws -> (any ReviewEvidence)? {
        guard let held = try await held(reviewCase, scope) else { return nil }
        let sides: [(ReviewImageSide, Data?)] = [(.front, held.sealedFrontImage), (.back, held.sealedBackImage)]
        let reader = try await PersonKeyRepository(db: scope.db, protector: protector).reader(userID: held.userID)
        return OCRCombinationReviewEvidence(
            combinationID: held.combinationID ?? "", combinedAt: held.finishedAt,
            result: try held.sealedResult.map { try reader.open(json: OCRResult.self, from: $0, at: .of(.ocrReview, reviewCase.subjectID)) },
            images: sides.filter { $0.1 != nil }.map(\.0))
    }

    func image(_ side: ReviewImageSide, of reviewCase: ReviewCaseModel, in scope: RequestScope) async throws -> Data? {
        guard let held = try await held(reviewCase, scope) else { return nil }
        let (sealed, column): (Data?, SealedColumn) = switch side {
        case .front: (held.sealedFrontImage, .ocrFrontImage)
        case .back: (held.sealedBackImage, .ocrBackImage)
        case .face, .selfie, .chipFace: (nil, .ocrFrontImage)
        }
        guard let sealed else { return nil }
        // The card's images are its user's, sealed under their key.
        return try await PersonKeyRepository(db: scope.db, protector: protector).reader(userID: held.userID)
            .open(sealed, at: .of(column, reviewCase.subjectID))
    }

    func prepare(_ decided: ReviewCaseDecision, in scope: RequestScope) async throws -> PreparedReviewDecision? {
        let sessionID = decided.reviewCase.subjectID
        let held = try await OCRSessionRepository(db: scope.db).held(id: sessionID)
        let event = WebhookEvents.draft(OCRCombinationDecided(combinationId: held?.combinationID ?? "",
                                                              decision: decided.decision == .approve ? .approved : .rejected,
                                                              reason: decided.reason),
                                        environmentID: decided.reviewCase.environmentID, userID: decided.reviewCase.userID)
        return PreparedReviewDecision(write: { tx in
            try await OCRSessionRepository.releaseHeld(id: sessionID, on: tx)
            return [event]
        })
    }

    init(protector: DataProtector) {
        self.protector = protector
    }
}
