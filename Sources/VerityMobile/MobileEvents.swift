import Foundation
import VerityAPI
import VerityCore
import VerityStore
import VerityWebhooks

/// The webhook event the mobile API publishes when a product's verification
/// ends: its product, outcome and reasons, and the verification's public id
/// (what the backend redeems a pass token against). Mobile users have no
/// integrator reference: the event names none.
enum MobileEvents {
    /// (Never the session's id: it is the phone's credential for the session.)
    /// `decidedBy` is `reviewer` when a person settled an `undetermined` outcome (absent: the engines decided).
    static func completed(_ verification: MobileVerificationModel, id: UUID, demo: Bool, decidedBy: DecidedBy? = nil,
                          chip: MobileChipResult? = nil) -> WebhookEventDraft {
        WebhookEvents.draft(MobileSessionCompleted(product: verification.product, outcome: verification.outcome,
                                                   reasons: verification.reasons ?? "", verificationId: MobileVerificationID(id).description,
                                                   demo: demo, decidedBy: decidedBy, chip: chip),
                            environmentID: verification.environmentID, userID: nil)
    }

    /// A reviewer's decision on a session's case: what they chose and why, and the outcome it gave.
    static func decided(_ verification: MobileVerificationModel, id: UUID, kind: ReviewCaseKind, decision: ReviewDecision,
                        reason: String) -> WebhookEventDraft {
        WebhookEvents.draft(MobileSessionDecided(verificationId: MobileVerificationID(id).description, product: verification.product,
                                                 case: kind.rawValue, decision: decision == .approve ? .approved : .rejected, reason: reason,
                                                 outcome: verification.outcome, reasons: verification.reasons ?? ""),
                            environmentID: verification.environmentID, userID: nil)
    }
}
