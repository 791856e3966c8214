import Foundation
import VerityAPI
import VerityCore

extension VerifiedIdentity {
    /// The wire form of a domain status.
    init(status: VerificationStatus, owner: UUID, consented: Bool) {
        self.init(
            owner: owner.uuidString,
            verified: status.verified,
            verifiedAtEpochMs: status.verifiedAtEpochMs,
            verificationMethod: status.verificationMethod,
            canAttemptVerificationAgain: status.canAttemptVerificationAgain,
            attemptsRemaining: status.attemptsRemaining,
            requiredVerificationMethod: status.requiredVerificationMethod,
            verificationLastAttemptedAtEpochMs: status.verificationLastAttemptedAtEpochMs,
            idScanUrl: nil,
            consented: consented,
            acceptableDocumentTypes: status.acceptableDocumentTypes,
            documentVerificationStatus: status.documentVerificationStatus
        )
    }
}
