import Fluent
import Foundation
import VerityAPI
import VerityCore
import VerityPages
import VeritySanctions
import VerityStore
import VerityKernel

/// Mobile sessions before a reviewer: an `undetermined` session's doubt, and
/// a VerifyCompliance session's sanctions candidates. The reviewer answers
/// the doubt; the rest of the engines' findings stand (`MobileOutcomePolicy`),
/// so a false positive on a session whose face was also in doubt leaves a
/// face case behind, and one whose face failed still fails.
struct MobileSessionReview: ReviewCaseHandler {
    let protector: DataProtector

    var kinds: [ReviewCaseKind] { [.mobileSession, .sanctionsCandidate] }
    var words: [String: [String: String]] {
        MobileSessionReviewWords.tables.merging(SanctionsReviewWords.tables) { own, shared in own.merging(shared) { mine, _ in mine } }
    }

    func reasons(_ kind: ReviewCaseKind, _ decision: ReviewDecision) -> [String] {
        switch (kind == .sanctionsCandidate, decision) {
        case (false, .approve): ["EVIDENCE_CONSISTENT", "FACE_CONFIRMED"]
        case (false, .reject): [DocumentFailure.faceMismatch.rawValue, VerifyHumanPolicy.Reason.recapturePattern.rawValue, "EVIDENCE_INSUFFICIENT"]
        // A false positive clears the person against the entries it names; a true match fails them.
        case (true, .approve): SanctionsDecisionReasons.falsePositive
        case (true, .reject): SanctionsDecisionReasons.trueMatch
        }
    }

    func evidence(of reviewCase: ReviewCaseModel, in scope: RequestScope) async throws -> (any ReviewEvidence)? {
        guard let verification = try await MobileVerificationRepository(db: scope.db).verification(id: reviewCase.subjectID,
                                                                                                  environmentID: reviewCase.environmentID)
        else { return nil }
        let session = try await MobileSessionRepository(db: scope.db).session(verificationID: reviewCase.subjectID)
        let state = try session.flatMap { session in
            try session.sealedState.map { try protector.open(json: VerifyIdentityService.State.self, from: $0,
                                                             at: .of(.mobileState, try session.requireID())) }
        }
        let held = try await MobileReviewImageRepository(db: scope.db).images(verificationID: reviewCase.subjectID,
                                                                            environmentID: reviewCase.environmentID)
        // A passport's one page is its back too: shown once.
        let passport = [state?.documentType, state?.shownType].contains(DocumentType.passport.rawValue)
        let sides: [(ReviewImageSide, Data?)] = [(.selfie, held?.sealedSelfie), (.front, held?.sealedFront),
                                                 (.back, passport ? nil : held?.sealedBack)]
        return MobileSessionReviewEvidence(
            kind: reviewCase.kind, verificationID: MobileVerificationID(reviewCase.subjectID).description,
            product: verification.product.rawValue, outcome: verification.outcome.rawValue,
            reasons: verification.reasons.map { $0.split(separator: ",").map(String.init) } ?? [],
            endedAt: verification.createdAt, result: state?.result, listed: state?.listed ?? [],
            images: sides.filter { $0.1 != nil }.map(\.0))
    }

    func image(_ side: ReviewImageSide, of reviewCase: ReviewCaseModel, in scope: RequestScope) async throws -> Data? {
        // The reviewer's copy, in the case's environment only: another tenant's is never reached.
        guard let held = try await MobileReviewImageRepository(db: scope.db).images(verificationID: reviewCase.subjectID,
                                                                                  environmentID: reviewCase.environmentID)
        else { return nil }
        let (sealed, column): (Data?, SealedColumn) = switch side {
        case .front: (held.sealedFront, .mobileReviewFront)
        case .back: (held.sealedBack, .mobileReviewBack)
        case .selfie: (held.sealedSelfie, .mobileReviewSelfie)
        case .face, .chipFace: (nil, .mobileReviewSelfie)
        }
        // A session's images are not a known person's: sealed under the server's key.
        return try sealed.map { try protector.open($0, at: .of(column, reviewCase.subjectID)) }
    }

    func prepare(_ decided: ReviewCaseDecision, in scope: RequestScope) async throws -> PreparedReviewDecision? {
        let verificationID = decided.reviewCase.subjectID, environmentID = decided.reviewCase.environmentID, kind = decided.kind
        guard let verification = try await MobileVerificationRepository(db: scope.db).verification(id: verificationID,
                                                                                                  environmentID: environmentID)
        else { return nil }
        let before = verification.outcome
        let reasons = verification.reasons.map { $0.split(separator: ",").map(String.init) } ?? []
        let answered: Set<String> = kind == .sanctionsCandidate
            ? [MobileOutcomePolicy.sanctionsReview, MobileOutcomePolicy.sanctionsMatch]
            : [MobileOutcomePolicy.faceMatchInconclusive, MobileOutcomePolicy.livenessInconclusive]
        let (outcome, newReasons) = MobileOutcomePolicy().outcome(afterReview: reasons, settled: answered,
                                                                  failing: decided.decision == .reject ? [decided.reason] : [])
        verification.outcome = outcome
        verification.reasons = newReasons.isEmpty ? nil : newReasons.joined(separator: ",")

        // The session's result says what the status call says: resealed with the new outcome.
        // (Cases come from VerifyIdentity and VerifyCompliance sessions, whose state this is.)
        let stored = try await MobileSessionRepository(db: scope.db).session(verificationID: verificationID)
        let stateAt = try stored.map { SealPlace.of(.mobileState, try $0.requireID()) }
        var state = try stored?.sealedState.flatMap { sealed in
            try stateAt.map { try protector.open(json: VerifyIdentityService.State.self, from: sealed, at: $0) }
        }
        let falsePositive = kind == .sanctionsCandidate && decided.decision == .approve
        let cleared: [SanctionsClearanceRepository.Cleared] = try (falsePositive ? state?.listed ?? [] : [])
            .map { .init(entryID: $0.id, fingerprint: try SanctionsClearanceRepository.fingerprint($0)) }
        let personIndex = state?.personIndex
        state?.reasons = newReasons
        state?.result?.decision = outcome
        state?.result?.reasons = newReasons
        let resealed = try state.flatMap { state in try stateAt.map { try protector.seal(json: state, at: $0) } }
        // A doubt the reviewer did not answer (the face, after a false positive) goes back to the queue.
        let followUp = outcome == .undetermined
            ? ReviewCaseModel(tenantID: decided.tenantID, environmentID: environmentID, kind: .mobileSession,
                              subjectID: verificationID, userID: nil, reasons: newReasons, openedAt: decided.now)
            : nil
        let events = [MobileEvents.completed(verification, id: verificationID, demo: false, decidedBy: .reviewer, chip: state?.result?.chip),
                      MobileEvents.decided(verification, id: verificationID, kind: kind, decision: decided.decision, reason: decided.reason)]
        let caseID = try decided.reviewCase.requireID(), tenantID = decided.tenantID, operatorID = decided.operatorID, now = decided.now
        // The audit line names each entry decided on and the list version it was matched in.
        let decidedOn = kind == .sanctionsCandidate ? state?.result?.screening?.matches ?? [] : []
        let entries = SanctionsCandidateSection.auditDetail(decidedOn.map(SanctionsCandidateSection.Candidate.init))
        let action: String? = kind == .sanctionsCandidate ? (falsePositive ? "sanctions.false_positive" : "sanctions.true_match") : nil
        return PreparedReviewDecision(action: action, detail: entries, write: { tx in
            guard try await MobileSessionRepository.settle(verificationID: verificationID, from: before, outcome: outcome,
                                                           reasons: newReasons, sealedState: resealed, keepsImages: followUp != nil, on: tx) else {
                throw VerityError(.caseDecided, "this session's outcome changed since the case was opened")
            }
            if let personIndex, !cleared.isEmpty {
                try await SanctionsClearanceRepository.record(cleared, tenantID: tenantID, personIndex: personIndex, caseID: caseID,
                                                              by: operatorID, now: now, on: tx)
            }
            if let followUp { try await ReviewCaseRepository.open(followUp, on: tx) }
            return events
        })
    }

    init(protector: DataProtector) {
        self.protector = protector
    }
}
