import Foundation
import VerityAPI
import VerityCore
import VerityKernel
import VerityPages
import VerityStore
import VerityWebhooks

/// Monitoring alerts before a reviewer: a person kept under monitoring whom
/// a list's new version matched. A false positive clears the person of the
/// entry as it stands (the re-screens and VerifyCompliance both skip it until
/// the entry changes) and marks the alert `cleared`; a true match marks it
/// `confirmed`. Either way the tenant's backend hears `screening.match_decided`.
struct MonitoringReview: ReviewCaseHandler {
    let protector: DataProtector

    var kinds: [ReviewCaseKind] { [.monitoringMatch] }
    var words: [String: [String: String]] {
        MonitoringReviewWords.tables.merging(SanctionsReviewWords.tables) { own, shared in own.merging(shared) { mine, _ in mine } }
    }

    func reasons(_ kind: ReviewCaseKind, _ decision: ReviewDecision) -> [String] {
        decision == .approve ? SanctionsDecisionReasons.falsePositive : SanctionsDecisionReasons.trueMatch
    }

    /// The alert, its person and its finding, unsealed for one page.
    private func read(_ reviewCase: ReviewCaseModel, in scope: RequestScope)
        async throws -> (alert: MonitoringAlertModel, subject: MonitoredSubjectModel, person: MonitoredSubject, finding: MonitoringFinding)? {
        guard let (alert, subject) = try await MonitoredSubjectRepository(db: scope.db).alert(id: reviewCase.subjectID,
                                                                                          environmentID: reviewCase.environmentID)
        else { return nil }
        let person = try protector.open(json: MonitoredSubject.self, from: subject.sealedSubject, at: .of(.monitoredSubject, try subject.requireID()))
        let finding = try protector.open(json: MonitoringFinding.self, from: alert.sealedFound, at: .of(.monitoringFinding, try alert.requireID()))
        return (alert, subject, person, finding)
    }

    func evidence(of reviewCase: ReviewCaseModel, in scope: RequestScope) async throws -> (any ReviewEvidence)? {
        guard let (alert, subject, person, finding) = try await read(reviewCase, in: scope) else { return nil }
        return MonitoringReviewEvidence(alertState: alert.state.rawValue, source: subject.source, sourceReference: subject.sourceReference,
                                        monitoredSince: subject.createdAt, lastScreened: subject.lastSeenAt, foundAt: alert.createdAt,
                                        person: person, finding: finding)
    }

    /// A monitoring alert holds no images: the person's were deleted with the check that screened them.
    func image(_ side: ReviewImageSide, of reviewCase: ReviewCaseModel, in scope: RequestScope) async throws -> Data? { nil }

    func prepare(_ decided: ReviewCaseDecision, in scope: RequestScope) async throws -> PreparedReviewDecision? {
        guard let (alert, subject, _, finding) = try await read(decided.reviewCase, in: scope) else { return nil }
        let falsePositive = decided.decision == .approve
        let alertID = try alert.requireID(), caseID = try decided.reviewCase.requireID()
        let (tenantID, operatorID, now, personIndex) = (decided.tenantID, decided.operatorID, decided.now, subject.personIndex)
        let cleared = SanctionsClearanceRepository.Cleared(entryID: alert.entryID, fingerprint: alert.entryFingerprint)
        let event = ScreeningMatchDecided(alertId: alertID.uuidString.lowercased(), verificationId: subject.sourceReference,
                                          list: finding.match.list, reference: finding.match.reference,
                                          decision: falsePositive ? .approved : .rejected, reason: decided.reason)
        let draft = WebhookEvents.draft(event, environmentID: subject.environmentID, userID: subject.userID)
        return PreparedReviewDecision(
            action: falsePositive ? "sanctions.false_positive" : "sanctions.true_match",
            detail: SanctionsCandidateSection.auditDetail([.init(finding.match)]),
            write: { tx in
                guard try await MonitoredSubjectRepository.settle(alertID: alertID, to: falsePositive ? .cleared : .confirmed, now: now, on: tx) else {
                    throw VerityError(.caseDecided, "this alert was answered since the case was opened")
                }
                if falsePositive {
                    try await SanctionsClearanceRepository.record([cleared], tenantID: tenantID, personIndex: personIndex, caseID: caseID,
                                                                  by: operatorID, now: now, on: tx)
                }
                return [draft]
            })
    }

    init(protector: DataProtector) {
        self.protector = protector
    }
}
