import Fluent
import Foundation
import VerityAPI
import VerityCore
import VerityPages
import VerityStore
import VerityKernel

/// Accreditation requests at levels 2–4 before a reviewer, decided exactly as
/// the admin API decides them (`AccreditationAdminService`: the evidence a
/// level needs, the DIAC and its delivery, the webhooks), in the console's
/// transaction with the case's own decision. An approval's code is shown to
/// the reviewer once.
struct AccreditationReview: ReviewCaseHandler {
    let accreditation: AccreditationAdminService

    var kinds: [ReviewCaseKind] { [.accreditation] }
    var words: [String: [String: String]] { AccreditationReviewWords.tables }

    func reasons(_ kind: ReviewCaseKind, _ decision: ReviewDecision) -> [String] {
        // An approval accredits the user and issues their activation code; a rejection's code is what their app reads.
        switch decision {
        case .approve: ["IDENTITY_EVIDENCE_CHECKED", "EVIDENCE_CONSISTENT"]
        case .reject: ["EVIDENCE_INSUFFICIENT", DocumentFailure.identityMismatch.rawValue, "NOT_ELIGIBLE"]
        }
    }

    func evidence(of reviewCase: ReviewCaseModel, in scope: RequestScope) async throws -> (any ReviewEvidence)? {
        guard let request = try await RegistrationRepository(db: scope.db).request(id: reviewCase.subjectID,
                                                                                  environmentID: reviewCase.environmentID)
        else { return nil }
        let registration = request.registration, entity = registration.entity
        let check = try await DocumentCheckRepository(db: scope.db).latestCheck(userID: registration.$user.id)
            .flatMap { $0.environmentID == reviewCase.environmentID ? $0 : nil }
        return AccreditationReviewEvidence(
            entity: entity.displayName, entityName: entity.name, level: request.level, status: request.status.rawValue,
            requestedAt: request.createdAt, accreditedLevel: registration.accreditedLevel, certification: registration.status.rawValue,
            registeredAt: registration.createdAt, evidenceKind: request.evidenceKind?.rawValue, evidenceReference: request.evidenceReference,
            documentCheck: check.map { .init(status: $0.status, type: $0.documentType, country: $0.country, at: $0.createdAt) },
            needsIdentityCheck: (try? AccreditationLevel.parse(request.level))?.requiresIdentityCheck ?? true)
    }

    /// A request has no images: its evidence is the user's own check, on its own page.
    func image(_ side: ReviewImageSide, of reviewCase: ReviewCaseModel, in scope: RequestScope) async throws -> Data? { nil }

    func prepare(_ decided: ReviewCaseDecision, in scope: RequestScope) async throws -> PreparedReviewDecision? {
        guard let environment = try await TenantRepository(db: scope.db).environment(id: decided.reviewCase.environmentID) else { return nil }
        let context = AdminContext(environment: environment, keyPrefix: "console", scope: scope)
        let requestID = decided.reviewCase.subjectID.uuidString
        do {
            switch decided.decision {
            case .approve:
                let approval = try await accreditation.prepareApproval(requestID, input: AccreditationApprovalInput(delivery: decided.fields["delivery"]),
                                                                       context: context)
                return PreparedReviewDecision(action: AccreditationAdminService.Approval.action, detail: " (level \(approval.level.rawValue))", write: { tx in
                    guard try await approval.write(on: tx) else { throw Self.decidedElsewhere }
                    return approval.events
                }, afterCommit: {
                    ActivationCodeShownOnce(issued: await accreditation.deliver(approval, context: context))
                })
            case .reject:
                // The user's app reads the reason code; the note stays in the audit trail.
                let rejection = try await accreditation.prepareRejection(requestID, input: AccreditationRejectionInput(reason: decided.reason),
                                                                         context: context)
                return PreparedReviewDecision(action: AccreditationAdminService.Rejection.action, detail: " (level \(rejection.request.level))", write: { tx in
                    guard try await rejection.write(on: tx) else { throw Self.decidedElsewhere }
                    return rejection.events
                })
            }
        } catch let error as VerityError where error.field == "id" {
            // Decided or gone by another way (the admin API, the CLI) since the case was read.
            throw Self.decidedElsewhere
        }
    }

    private static let decidedElsewhere = VerityError(.caseDecided, "this request has been decided already")

    /// How an approval's code reaches the user.
    func decisionFields(_ kind: ReviewCaseKind, _ decision: ReviewDecision, page: ReviewPage) -> HTML {
        guard decision == .approve else { return .empty }
        return """
            <label for="approve-delivery">\(page.t("diac_delivery_label"))</label>
            <select id="approve-delivery" name="delivery">\
            <option value="sms">\(page.t("diac_by_sms"))</option><option value="email">\(page.t("diac_by_email"))</option></select>
            """
    }

    init(accreditation: AccreditationAdminService) {
        self.accreditation = accreditation
    }
}
