import Fluent
import Foundation
import VerityAPI
import VerityCore
import VerityPages
import VerityStore
import VerityKernel
import VerityWebhooks

/// A document check the engines held (`DocumentReviewPolicy`), before a
/// reviewer. Approving verifies the user with the document, as a passing
/// check does; rejecting fails the check with the reviewer's reason as its
/// code, as if the engines had found it.
struct DocumentCheckReview: ReviewCaseHandler {
    let protector: DataProtector

    var kinds: [ReviewCaseKind] { [.documentCheck] }
    var words: [String: [String: String]] { DocumentCheckReviewWords.tables }

    func reasons(_ kind: ReviewCaseKind, _ decision: ReviewDecision) -> [String] {
        switch decision {
        case .approve: ["EVIDENCE_CONSISTENT", "FIELDS_CONFIRMED", "FACE_CONFIRMED"]
        case .reject:
            [DocumentFailure.faceMismatch, .identityMismatch, .portraitSubstituted, .documentTampered, .sourcesDisagree, .expired]
                .map(\.rawValue)
        }
    }

    func evidence(of reviewCase: ReviewCaseModel, in scope: RequestScope) async throws -> (any ReviewEvidence)? {
        guard let check = try await DocumentCheckRepository(db: scope.db).check(id: reviewCase.subjectID) else { return nil }
        // A passport's one page arrives as both sides: shown once.
        let back = check.documentType == .passport ? nil : check.sealedBack
        let sides: [(ReviewImageSide, Data?)] = [(.front, check.sealedFront), (.back, back), (.face, check.sealedFace), (.chipFace, check.sealedChipFace)]
        let reader = try await PersonKeyRepository(db: scope.db, protector: protector).reader(userID: check.$user.id)
        return DocumentCheckReviewEvidence(
            documentType: check.documentType.rawValue, country: check.country, flow: check.flow.rawValue, submittedAt: check.createdAt,
            evidence: try check.sealedEvidence.map {
                try reader.open(json: DocumentCheckHandler.Evidence.self, from: $0, at: .of(.checkEvidence, reviewCase.subjectID))
            },
            images: sides.filter { $0.1 != nil }.map(\.0))
    }

    func image(_ side: ReviewImageSide, of reviewCase: ReviewCaseModel, in scope: RequestScope) async throws -> Data? {
        guard let check = try await DocumentCheckRepository(db: scope.db).check(id: reviewCase.subjectID),
              check.environmentID == reviewCase.environmentID else { return nil }
        let (sealed, column): (Data?, SealedColumn) = switch side {
        case .front: (check.sealedFront, .checkFront)
        case .back: (check.sealedBack, .checkBack)
        case .face: (check.sealedFace, .checkFace)
        case .chipFace: (check.sealedChipFace, .checkChipFace)
        case .selfie: (nil, .checkFace)
        }
        guard let sealed else { return nil }
        // The check's images are its user's, sealed under their key.
        return try await PersonKeyRepository(db: scope.db, protector: protector).reader(userID: check.$user.id)
            .open(sealed, at: .of(column, reviewCase.subjectID))
    }

    func prepare(_ decided: ReviewCaseDecision, in scope: RequestScope) async throws -> PreparedReviewDecision? {
        let db = scope.db
        guard let check = try await DocumentCheckRepository(db: db).check(id: decided.reviewCase.subjectID) else { return nil }
        let approved = decided.decision == .approve
        let status = try DocumentVerificationStateMachine().next(from: .pending, on: approved ? .checkSucceeded : .checkFailed)
        let outcome: DocumentCheckOutcome = approved ? .succeeded : .failed
        let reasons = approved ? [] : [decided.reason]
        let checkID = decided.reviewCase.subjectID, userID = check.$user.id
        // The chip's outcome goes with the reviewer's decision, as with the engines'.
        var chip: ChipReport?
        if let sealed = check.sealedEvidence {
            chip = try await PersonKeyRepository(db: db, protector: protector).reader(userID: userID)
                .open(json: DocumentCheckHandler.Evidence.self, from: sealed, at: .of(.checkEvidence, checkID)).chip
        }
        let events = [
            DocumentCheckHandler.completed(check, id: checkID, outcome: outcome, reasons: reasons, status: status, decidedBy: .reviewer,
                                           chip: chip),
            WebhookEvents.draft(DocumentCheckDecided(checkId: checkID.uuidString, decision: approved ? .approved : .rejected,
                                                     reason: decided.reason, outcome: outcome,
                                                     documentVerificationStatus: status),
                                environmentID: check.environmentID, userID: userID),
        ]
        var settlement = DocumentCheckRepository.Settlement(outcome: outcome, reasons: reasons, sealedEvidence: nil, documentStatus: status,
                                                            verified: approved, events: [])
        settlement.keepsImages = try await TenantRepository(db: db).environment(id: check.environmentID)?
            .configuration.retention.keepsImagesAfterCheck ?? false
        let settled = settlement, now = decided.now
        return PreparedReviewDecision(write: { tx in
            guard try await DocumentCheckRepository.settle(checkID: checkID, userID: userID, from: .review,
                                                           settled, now: now, on: tx) else {
                // The check left review some other way (a reset): nothing of this decision may stand.
                throw VerityError(.caseDecided, "this check is no longer waiting for a decision")
            }
            return events
        })
    }

    init(protector: DataProtector) {
        self.protector = protector
    }
}
