import Fluent
import Foundation
import VerityAPI
import VerityCore
import VerityStore

/// Decisions on mobile sessions: an `undetermined` session's doubt, and a
/// VerifyCompliance session's sanctions candidates. The reviewer answers the
/// doubt; the rest of the engines' findings stand (`MobileOutcomePolicy`), so
/// a false positive on a session whose face was also in doubt leaves a face
/// case behind, and one whose face failed still fails.
extension CaseDecisions {
    func decideMobileSession(_ reviewCase: ReviewCaseModel, kind: ReviewCaseKind, decision: ReviewDecision, reason: String,
                             note: String, session: OperatorAccounts.Session, now: Int64) async throws -> Bool {
        let verificationID = reviewCase.subjectID, environmentID = reviewCase.environmentID
        guard let verification = try await MobileVerificationRepository(db: db).verification(id: verificationID, environmentID: environmentID)
        else { return false }
        let before = verification.outcome
        let reasons = verification.reasons.map { $0.split(separator: ",").map(String.init) } ?? []
        let answered: Set<String> = kind == .sanctionsCandidate
            ? [MobileOutcomePolicy.sanctionsReview, MobileOutcomePolicy.sanctionsMatch]
            : [MobileOutcomePolicy.faceMatchInconclusive, MobileOutcomePolicy.livenessInconclusive]
        let (outcome, newReasons) = MobileOutcomePolicy().outcome(afterReview: reasons, settled: answered,
                                                                  failing: decision == .reject ? [reason] : [])
        verification.outcome = outcome.rawValue
        verification.reasons = newReasons.isEmpty ? nil : newReasons.joined(separator: ",")

        // The session's result says what the status call says: resealed with the new outcome.
        // (Cases come from VerifyIdentity and VerifyCompliance sessions, whose state this is.)
        let stored = try await MobileSessionRepository(db: db).session(verificationID: verificationID)
        let stateAt = try stored.map { SealPlace.of(.mobileState, try $0.requireID()) }
        var state = try stored?.sealedState.flatMap { sealed in
            try stateAt.map { try protector.open(json: VerifyIdentityService.State.self, from: sealed, at: $0) }
        }
        let falsePositive = kind == .sanctionsCandidate && decision == .approve
        let cleared: [SanctionsClearanceRepository.Cleared] = try (falsePositive ? state?.listed ?? [] : [])
            .map { .init(entryID: $0.id, fingerprint: try SanctionsClearanceRepository.fingerprint($0)) }
        let personIndex = state?.personIndex
        state?.reasons = newReasons
        state?.result?.decision = outcome
        state?.result?.reasons = newReasons
        let resealed = try state.flatMap { state in try stateAt.map { try protector.seal(json: state, at: $0) } }
        // A doubt the reviewer did not answer (the face, after a false positive) goes back to the queue.
        let followUp = outcome == .undetermined
            ? ReviewCaseModel(tenantID: session.tenantID, environmentID: environmentID, kind: ReviewCaseKind.mobileSession.rawValue,
                              subjectID: verificationID, userID: nil, reasons: newReasons, openedAt: now)
            : nil
        let events = [MobileEvents.completed(verification, id: verificationID, demo: false, decidedBy: "reviewer"),
                      MobileEvents.decided(verification, id: verificationID, kind: kind, decision: decision, reason: reason)]
        let caseID = try reviewCase.requireID(), tenantID = session.tenantID, operatorID = session.operatorID
        let entries = cleared.isEmpty ? "" : " [entries \(cleared.map { String($0.entryID) }.joined(separator: ", "))]"
        let action: String? = kind == .sanctionsCandidate ? (decision == .approve ? "sanctions.false_positive" : "sanctions.true_match") : nil
        let decide = try caseDecision(reviewCase, decision: decision, reason: reason, note: note, detail: entries, action: action,
                                      session: session, now: now)
        let written = try await db.write { tx in
            guard try await decide(tx) else { return false }
            guard try await MobileSessionRepository.settle(verificationID: verificationID, from: before, outcome: outcome.rawValue,
                                                           reasons: newReasons, sealedState: resealed, keepsImages: followUp != nil, on: tx) else {
                throw VerityError(.caseDecided, "this session's outcome changed since the case was opened")
            }
            if let personIndex, !cleared.isEmpty {
                try await SanctionsClearanceRepository.record(cleared, tenantID: tenantID, personIndex: personIndex, caseID: caseID,
                                                              by: operatorID, now: now, on: tx)
            }
            if let followUp { try await ReviewCaseRepository.open(followUp, on: tx) }
            _ = try await WebhookOutbox.publish(events, now: now, on: tx)
            return true
        }
        if written { await wake?.outcomeWritten(environmentID: environmentID, db: db) }
        return written
    }
}
