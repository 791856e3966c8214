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
            verificationMethod: VerityAPI.VerificationMethod(rawValue: status.verificationMethod.rawValue) ?? .none,
            canAttemptVerificationAgain: status.canAttemptVerificationAgain,
            attemptsRemaining: status.attemptsRemaining,
            requiredVerificationMethod: VerityAPI.VerificationMethod(rawValue: status.requiredVerificationMethod.rawValue) ?? .none,
            verificationLastAttemptedAtEpochMs: status.verificationLastAttemptedAtEpochMs,
            idScanUrl: nil,
            consented: consented,
            acceptableDocumentTypes: status.acceptableDocumentTypes.compactMap { IdDocumentType(rawValue: $0.rawValue) },
            documentVerificationStatus: VerityAPI.DocumentVerificationStatus(rawValue: status.documentVerificationStatus.rawValue) ?? .notRequired
        )
    }
}
