import Fluent
import Foundation
import VerityAPI
import VerityCore
import VerityStore

/// A reviewer's hands on the queue: claims and decisions. The role, the
/// tenant and the claim are checked; a decision is written with its effect
/// (the user's status, the check's outcome, the webhooks) and its audit
/// event in one transaction, so it happens whole or not at all, once.
struct CaseDecisions: Sendable {
    let db: any Database
    let protector: DataProtector
    let clock: VerityClock
    /// Sends the decision's webhooks now rather than at the next poll.
    var wake: WebhookWake? = nil
    /// Accreditation decisions go through the same service as the admin
    /// API's (evidence, the DIAC and its delivery), in the request's scope.
    var accreditation: AccreditationAdminService? = nil
    var scope: RequestScope? = nil

    /// Claims the case, or extends the reviewer's own claim; returns until when.
    func claim(caseID: UUID, by session: OperatorAccounts.Session) async throws -> Int64 {
        try Self.requireReviewer(session)
        let cases = ReviewCaseRepository(db: db)
        let now = clock.nowMillis()
        do {
            return try await cases.claim(id: caseID, tenantID: session.tenantID, operatorID: session.operatorID, now: now)
        } catch let refusal as ReviewCaseRepository.Refusal {
            throw Self.error(refusal)
        }
    }

    /// Gives the reviewer's claim back to the queue.
    func release(caseID: UUID, by session: OperatorAccounts.Session) async throws {
        try Self.requireReviewer(session)
        guard try await ReviewCaseRepository(db: db).reviewCase(id: caseID, tenantID: session.tenantID) != nil else {
            throw Self.error(.notFound)
        }
        try await ReviewCaseRepository(db: db).release(id: caseID, tenantID: session.tenantID, operatorID: session.operatorID)
    }

    /// Decides a case the reviewer holds, with a reason from the kind's list
    /// and an optional note (kept in the audit trail only).
    /// Returns the activation code an accreditation's approval issued (shown
    /// to the reviewer once), nil for every other decision. `delivery` is how
    /// that code goes to the user: `sms` (the default) or `email`.
    @discardableResult
    func decide(caseID: UUID, decision: ReviewDecision, reason: String, note rawNote: String?, delivery: String? = nil,
                by session: OperatorAccounts.Session) async throws -> ActivationCodeIssued? {
        try Self.requireReviewer(session)
        let cases = ReviewCaseRepository(db: db)
        guard let found = try await cases.reviewCase(id: caseID, tenantID: session.tenantID),
              let kind = ReviewCaseKind(rawValue: found.kind) else { throw Self.error(.notFound) }
        guard ReviewReasons.choices(kind, decision).contains(reason) else {
            throw VerityError.invalid("reason", "choose one of the listed reasons for this decision")
        }
        let note = rawNote?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        guard note.count <= ReviewReasons.noteLength else {
            throw VerityError.invalid("note", "the note is longer than \(ReviewReasons.noteLength) characters")
        }
        let now = clock.nowMillis()
        let decided: Bool
        var issued: ActivationCodeIssued?
        do {
            switch kind {
            case .documentCheck:
                decided = try await decideDocumentCheck(found, decision: decision, reason: reason, note: note, session: session, now: now)
            case .mobileSession, .sanctionsCandidate:
                decided = try await decideMobileSession(found, kind: kind, decision: decision, reason: reason, note: note, session: session, now: now)
            case .accreditation:
                issued = try await decideAccreditation(found, decision: decision, reason: reason, note: note, delivery: delivery,
                                                       session: session, now: now)
                decided = true
            case .ocrCombination:
                decided = try await decideOCRCombination(found, decision: decision, reason: reason, note: note, session: session, now: now)
            }
        } catch is ReviewCaseRepository.Refusal {
            decided = false
        }
        guard decided else {
            throw Self.error(try await cases.refusal(id: caseID, tenantID: session.tenantID, operatorID: session.operatorID, now: now))
        }
        return issued
    }

    /// The case's own conditional decision and its audit event (`case.approve`
    /// or `case.reject` unless `action` says otherwise; the reason, the note,
    /// then `detail`), run first in the transaction that writes the rest. False:
    /// the claim lapsed or the case was decided.
    func caseDecision(_ reviewCase: ReviewCaseModel, decision: ReviewDecision, reason: String, note: String, detail: String = "",
                      action: String? = nil, session: OperatorAccounts.Session, now: Int64) throws -> RegistrationRepository.CaseDecision {
        let caseID = try reviewCase.requireID(), tenantID = session.tenantID, operatorID = session.operatorID
        let environmentID = reviewCase.environmentID, userID = reviewCase.userID
        let action = action ?? "case.\(decision.rawValue)"
        let audited = (note.isEmpty ? reason : "\(reason): \(note)") + detail
        return { tx in
            guard try await ReviewCaseRepository.decide(id: caseID, tenantID: tenantID, operatorID: operatorID, decision: decision,
                                                        reason: reason, now: now, on: tx) else { return false }
            try await AuditRepository.record(action, actor: OperatorAccounts.actor(operatorID), environmentID: environmentID, userID: userID,
                                             now: now, tenantID: tenantID, reason: audited, on: tx)
            return true
        }
    }

    /// Approving verifies the user with the document, as a passing check
    /// does; rejecting fails the check with the reviewer's reason as its code.
    private func decideDocumentCheck(_ reviewCase: ReviewCaseModel, decision: ReviewDecision, reason: String, note: String,
                                     session: OperatorAccounts.Session, now: Int64) async throws -> Bool {
        guard let check = try await DocumentCheckRepository(db: db).check(id: reviewCase.subjectID) else { return false }
        let approved = decision == .approve
        let status = try DocumentVerificationStateMachine().next(from: .pending, on: approved ? .checkSucceeded : .checkFailed)
        let outcome = approved ? "succeeded" : "failed"
        let reasons = approved ? [] : [reason]
        let checkID = reviewCase.subjectID, userID = check.$user.id
        let decidedEvent = WebhookEvents.draft(.documentCheckDecided, environmentID: check.environmentID, userID: userID, [
            "checkId": .string(checkID.uuidString), "decision": .string(approved ? "approved" : "rejected"),
            "reason": .string(reason), "outcome": .string(outcome), "documentVerificationStatus": .string(status.rawValue),
        ])
        var decided = DocumentCheckRepository.Settlement(
            outcome: outcome, reasons: reasons, sealedEvidence: nil, documentStatus: status, verified: approved,
            events: [DocumentCheckHandler.completed(check, id: checkID, outcome: outcome, reasons: reasons, status: status,
                                                    decidedBy: "reviewer"), decidedEvent])
        decided.keepsImages = try await TenantRepository(db: db).environment(id: check.environmentID)?
            .configuration.retention.keepsImagesAfterCheck ?? false
        let settlement = decided
        let decide = try caseDecision(reviewCase, decision: decision, reason: reason, note: note, session: session, now: now)
        let written = try await db.write { tx in
            guard try await decide(tx) else { return false }
            guard try await DocumentCheckRepository.settle(checkID: checkID, userID: userID, from: DocumentCheckRepository.review,
                                                           settlement, now: now, on: tx) else {
                // The check left review some other way (a reset): nothing of this decision may stand.
                throw VerityError(.caseDecided, "this check is no longer waiting for a decision")
            }
            return true
        }
        if written { await wake?.outcomeWritten(environmentID: check.environmentID, db: db) }
        return written
    }

    static func requireReviewer(_ session: OperatorAccounts.Session) throws {
        guard session.role.includes(.reviewer) else {
            throw VerityError(.roleNotAuthorized, "deciding cases needs the reviewer or admin role")
        }
    }

    static func error(_ refusal: ReviewCaseRepository.Refusal) -> VerityError {
        switch refusal {
        case .notFound: VerityError(.notFound, "no case with this id in this tenant", field: "case")
        case .decided: VerityError(.caseDecided, "this case has been decided already")
        case .claimedByOther(let until):
            VerityError(.caseClaimed, "another reviewer has claimed this case until \(ConsolePage.utc(until)) UTC")
        case .notClaimed: VerityError(.claimExpired, "your claim on this case has lapsed or was never made: claim it again")
        }
    }
}
