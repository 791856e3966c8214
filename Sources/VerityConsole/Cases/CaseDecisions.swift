import Fluent
import Foundation
import VerityAPI
import VerityCore
import VerityPages
import VerityStore
import VerityKernel
import VerityWebhooks
import VerityOperators
import VerityIdentity

/// A reviewer's hands on the queue: claims and decisions. The role, the
/// tenant and the claim are checked; a decision is written with its effect
/// (which the case's handler gives: the subject's outcome, the webhooks) and
/// its audit event in one transaction, so it happens whole or not at all, once.
struct CaseDecisions: Sendable {
    let scope: RequestScope
    let clock: VerityClock
    let handlers: ReviewCaseHandlers
    /// Sends the decision's webhooks now rather than at the next poll.
    var wake: WebhookWake? = nil

    private var db: any Database { scope.db }

    /// Claims the case, or extends the reviewer's own claim; returns until when.
    func claim(caseID: UUID, by session: OperatorAccounts.Session) async throws -> Int64 {
        try Self.requireReviewer(session)
        do {
            return try await ReviewCaseRepository(db: db).claim(id: caseID, tenantID: session.tenantID, operatorID: session.operatorID,
                                                                now: clock.nowMillis())
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
    /// and an optional note (kept in the audit trail only). `fields`: the
    /// form's fields for the kind's own questions (`decisionFields`).
    /// Returns what the decision shows the reviewer once, if anything.
    @discardableResult
    func decide(caseID: UUID, decision: ReviewDecision, reason: String, note rawNote: String?, fields: [String: String] = [:],
                by session: OperatorAccounts.Session) async throws -> (any ReviewShownOnce)? {
        try Self.requireReviewer(session)
        let cases = ReviewCaseRepository(db: db)
        guard let found = try await cases.reviewCase(id: caseID, tenantID: session.tenantID),
              let handler = handlers.handler(for: found.kind) else { throw Self.error(.notFound) }
        let kind = found.kind
        guard handler.reasons(kind, decision).contains(reason) else {
            throw VerityError.invalid("reason", "choose one of the listed reasons for this decision")
        }
        let note = rawNote?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        guard note.count <= ReviewNote.maximumLength else {
            throw VerityError.invalid("note", "the note is longer than \(ReviewNote.maximumLength) characters")
        }
        let now = clock.nowMillis()
        let request = ReviewCaseDecision(reviewCase: found, kind: kind, decision: decision, reason: reason, fields: fields,
                                         tenantID: session.tenantID, operatorID: session.operatorID, now: now)
        var written = false
        if let prepared = try await handler.prepare(request, in: scope) {
            let (tenantID, operatorID, environmentID, userID) = (session.tenantID, session.operatorID, found.environmentID, found.userID)
            let action = prepared.action ?? "case.\(decision.rawValue)"
            let audited = (note.isEmpty ? reason : "\(reason): \(note)") + prepared.detail
            let told: Bool? = try await db.write { tx in
                guard try await ReviewCaseRepository.decide(id: caseID, tenantID: tenantID, operatorID: operatorID, decision: decision,
                                                            reason: reason, now: now, on: tx) else { return nil }
                try await AuditRepository.record(action, actor: OperatorAccounts.actor(operatorID), environmentID: environmentID,
                                                 userID: userID, now: now, tenantID: tenantID, reason: audited, on: tx)
                return try await WebhookOutbox.publish(try await prepared.write(tx), now: now, on: tx)
            }
            written = told != nil
            wake?.published(told ?? false)
            if written, let afterCommit = prepared.afterCommit { return try await afterCommit() }
        }
        guard written else {
            throw Self.error(try await cases.refusal(id: caseID, tenantID: session.tenantID, operatorID: session.operatorID, now: now))
        }
        return nil
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
            VerityError(.caseClaimed, "another reviewer has claimed this case until \(ReviewPage.utc(until)) UTC")
        case .notClaimed: VerityError(.claimExpired, "your claim on this case has lapsed or was never made: claim it again")
        }
    }
}
