import Foundation
import VerityAPI
import VerityCore
import VerityStore

/// The webhook event the mobile API publishes when a product's verification
/// ends: its product, outcome and reasons, and the verification's public id
/// (what the backend redeems a pass token against). Mobile users have no
/// integrator reference: the event names none.
enum MobileEvents {
    /// (Never the session's id: it is the phone's credential for the session.)
    /// `decidedBy` is `reviewer` when a person settled an `undetermined` outcome (absent: the engines decided).
    static func completed(_ verification: MobileVerificationModel, id: UUID, demo: Bool, decidedBy: String? = nil) -> WebhookEventDraft {
        var data: [String: WebhookValue] = [
            "product": .string(verification.product), "outcome": .string(verification.outcome),
            "reasons": .string(verification.reasons ?? ""), "verificationId": .string(VerifyHumanService.publicID(id)),
        ]
        if demo { data["demo"] = .bool(true) }
        if let decidedBy { data["decidedBy"] = .string(decidedBy) }
        return WebhookEvents.draft(.mobileSessionCompleted, environmentID: verification.environmentID, userID: nil, data)
    }

    /// A reviewer's decision on a session's case: what they chose and why, and the outcome it gave.
    static func decided(_ verification: MobileVerificationModel, id: UUID, kind: ReviewCaseKind, decision: ReviewDecision,
                        reason: String) -> WebhookEventDraft {
        WebhookEvents.draft(.mobileSessionDecided, environmentID: verification.environmentID, userID: nil, [
            "verificationId": .string(VerifyHumanService.publicID(id)), "product": .string(verification.product),
            "case": .string(kind.rawValue), "decision": .string(decision == .approve ? "approved" : "rejected"),
            "reason": .string(reason), "outcome": .string(verification.outcome), "reasons": .string(verification.reasons ?? ""),
        ])
    }
}
