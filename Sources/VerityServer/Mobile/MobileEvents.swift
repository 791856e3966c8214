import Foundation
import VerityAPI
import VerityStore

/// The webhook event the mobile API publishes when a product's verification
/// ends: its product, outcome and reasons, and the verification's public id
/// (what the backend redeems a pass token against). Mobile users have no
/// integrator reference: the event names none.
enum MobileEvents {
    /// (Never the session's id: it is the phone's credential for the session.)
    static func completed(_ verification: MobileVerificationModel, id: UUID, demo: Bool) -> WebhookEventDraft {
        var data: [String: WebhookValue] = [
            "product": .string(verification.product), "outcome": .string(verification.outcome),
            "reasons": .string(verification.reasons ?? ""), "verificationId": .string(VerifyHumanService.publicID(id)),
        ]
        if demo { data["demo"] = .bool(true) }
        return WebhookEvents.draft(.mobileSessionCompleted, environmentID: verification.environmentID, userID: nil, data)
    }
}
