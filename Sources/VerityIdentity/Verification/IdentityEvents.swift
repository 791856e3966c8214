import Foundation
import VerityAPI
import VerityCore
import VerityStore
import VerityWebhooks

/// The event a settled PII attempt publishes: where the attempt left the
/// user, in the words of `checkIdentityVerification`. Never the claim itself,
/// nor why a source refused it beyond the state it leaves.
enum IdentityEvents {
    /// `decision`:
    /// - `verified`: the user now meets the level required;
    /// - `retry_allowed`: not matched, attempts remain;
    /// - `government_id_required`: the user must now verify with a document;
    /// - `failed`: no attempts remain and nothing else is offered;
    /// - `blocked`: the source's answer blocks the user.
    static func decided(environmentID: UUID, userID: UUID, attemptID: UUID, status: VerificationStatus) -> WebhookEventDraft {
        WebhookEvents.draft(IdentityVerificationDecided(attemptId: attemptID.uuidString, decision: decision(status),
                                                        verificationMethod: status.verificationMethod,
                                                        requiredVerificationMethod: status.requiredVerificationMethod,
                                                        attemptsRemaining: status.attemptsRemaining),
                            environmentID: environmentID, userID: userID)
    }

    static func decision(_ status: VerificationStatus) -> IdentityVerificationDecided.Decision {
        if status.verified { return .verified }
        if status.block != nil { return .blocked }
        if status.canAttemptVerificationAgain { return .retryAllowed }
        if status.requiredVerificationMethod == .governmentID { return .governmentIDRequired }
        return .failed
    }
}
