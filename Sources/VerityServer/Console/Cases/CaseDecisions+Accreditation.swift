import Fluent
import Foundation
import VerityAPI
import VerityCore
import VerityStore

/// Accreditation requests at levels 2–4, decided in the console exactly as
/// the admin API decides them (`AccreditationAdminService`: the evidence a
/// level needs, the DIAC and its delivery, the webhooks), with the case's
/// claim checked and its decision written in the same transaction.
extension CaseDecisions {
    func decideAccreditation(_ reviewCase: ReviewCaseModel, decision: ReviewDecision, reason: String, note: String, delivery: String?,
                             session: OperatorAccounts.Session, now: Int64) async throws -> ActivationCodeIssued? {
        guard let accreditation, let scope,
              let environment = try await TenantRepository(db: db).environment(id: reviewCase.environmentID) else {
            throw VerityError(.systemError, "accreditation decisions are not wired into this console")
        }
        let context = AdminContext(environment: environment, keyPrefix: "console", scope: scope)
        let written = try caseDecision(reviewCase, decision: decision, reason: reason, note: note, session: session, now: now)
        let requestID = reviewCase.subjectID.uuidString
        do {
            switch decision {
            case .approve:
                let issued = try await accreditation.approve(requestID, input: AccreditationApprovalInput(delivery: delivery), context: context,
                                                             caseDecision: written)
                return issued
            case .reject:
                // The user's app reads the reason code; the note stays in the audit trail.
                _ = try await accreditation.reject(requestID, input: AccreditationRejectionInput(reason: reason), context: context,
                                                   caseDecision: written)
                return nil
            }
        } catch let error as VerityError where error.field == "id" {
            // Decided or gone by another way (the admin API, the CLI) since the case was read.
            throw VerityError(.caseDecided, "this request has been decided already")
        }
    }
}
