import Testing
@testable import VerityCore

@Suite("The verification policy derives what a client sees")
struct VerificationPolicyTests {
    let policy = VerificationPolicy(maxAttempts: 3)

    @Test func aFreshUserCanAttemptWithAllAttempts() {
        let status = policy.status(of: .fresh)
        #expect(!status.verified)
        #expect(status.canAttemptVerificationAgain)
        #expect(status.attemptsRemaining == 3)
        #expect(status.verificationMethod == .none)
        #expect(status.requiredVerificationMethod == .knowledgeOfPII)
        #expect(status.documentVerificationStatus == .notRequired)
        #expect(status.verifiedAtEpochMs == 0)
        #expect(status.verificationLastAttemptedAtEpochMs == 0)
    }

    @Test func aMatchVerifiesAndStopsFurtherAttempts() {
        let status = policy.status(of: VerificationRecord(achievedMethod: .knowledgeOfPII, verifiedAtEpochMs: 42,
                                                          failedAttempts: 1, lastAttemptedAtEpochMs: 42))
        #expect(status.verified)
        #expect(status.verifiedAtEpochMs == 42)
        #expect(!status.canAttemptVerificationAgain)
        #expect(status.attemptsRemaining == 2)
    }

    @Test func exhaustedAttemptsEscalateToGovernmentID() {
        let status = policy.status(of: VerificationRecord(failedAttempts: 3))
        #expect(!status.canAttemptVerificationAgain)
        #expect(status.attemptsRemaining == 0)
        #expect(status.requiredVerificationMethod == .governmentID)
        #expect(status.acceptableDocumentTypes == [.driverLicense, .passport, .idCard])
        #expect(status.documentVerificationStatus == .notAttempted)
    }

    @Test func exhaustedAttemptsWithoutEscalationAreADeadEnd() {
        var strict = policy
        strict.escalateToGovernmentID = false
        let status = strict.status(of: VerificationRecord(failedAttempts: 3))
        #expect(status.requiredVerificationMethod == .knowledgeOfPII)
        #expect(status.acceptableDocumentTypes.isEmpty)
    }

    @Test(arguments: [VerificationBlock.deceased, .fraudAlert])
    func blockedUsersHaveNoAttemptsAtOnce(_ block: VerificationBlock) {
        let status = policy.status(of: VerificationRecord(failedAttempts: 1, block: block))
        #expect(status.attemptsRemaining == 0)
        #expect(!status.canAttemptVerificationAgain)
        #expect(status.requiredVerificationMethod == .knowledgeOfPII)
    }

    @Test func governmentIDForEveryoneLeavesPIIUnverified() {
        var strict = policy
        strict.requiredMethod = .governmentID
        let fresh = strict.status(of: .fresh)
        #expect(fresh.canAttemptVerificationAgain)
        #expect(fresh.documentVerificationStatus == .notAttempted)
        let afterPII = strict.status(of: VerificationRecord(achievedMethod: .knowledgeOfPII, verifiedAtEpochMs: 5))
        #expect(!afterPII.verified)
        #expect(afterPII.verifiedAtEpochMs == 0)
        #expect(afterPII.verificationMethod == .knowledgeOfPII)
        #expect(!afterPII.canAttemptVerificationAgain)
        #expect(afterPII.requiredVerificationMethod == .governmentID)
    }

    @Test func anAdministratorCanRaiseOneUser() {
        let status = policy.status(of: VerificationRecord(requiredMethodOverride: .governmentID))
        #expect(status.requiredVerificationMethod == .governmentID)
    }

    @Test func settlementsRefundOnlyNonFailures() {
        #expect(AttemptSettlement.settling(.matched).refund)
        #expect(!AttemptSettlement.settling(.notMatched).refund)
        #expect(AttemptSettlement.settling(.deceased).block == .deceased)
        #expect(AttemptSettlement.unanswered.refund)
    }

    @Test func aSettlementChangesOnlyWhatItSettles() {
        let charged = VerificationRecord(failedAttempts: 2, requiredMethodOverride: .governmentID, lastAttemptedAtEpochMs: 7)
        let matched = AttemptSettlement.settling(.matched).applied(to: charged, now: 9)
        #expect(matched == VerificationRecord(achievedMethod: .knowledgeOfPII, verifiedAtEpochMs: 9, failedAttempts: 1,
                                              requiredMethodOverride: .governmentID, lastAttemptedAtEpochMs: 7))
        #expect(AttemptSettlement.settling(.notMatched).applied(to: charged, now: 9) == charged)
        #expect(AttemptSettlement.settling(.fraudAlert).applied(to: charged, now: 9).block == .fraudAlert)
        // A refund of a record at zero (reset meanwhile) stays at zero.
        #expect(AttemptSettlement.unanswered.applied(to: .fresh, now: 9) == .fresh)
        // A block stays once set.
        let blocked = VerificationRecord(failedAttempts: 1, block: .deceased)
        #expect(AttemptSettlement.unanswered.applied(to: blocked, now: 9).block == .deceased)
    }

    @Test func badPoliciesAreRejected() {
        #expect(throws: VerityError.self) { try VerificationPolicy(maxAttempts: 0).validated() }
        #expect(throws: VerityError.self) { try VerificationPolicy(requiredMethod: .none).validated() }
        #expect(throws: VerityError.self) { try VerificationPolicy(acceptableDocumentTypes: []).validated() }
    }
}
