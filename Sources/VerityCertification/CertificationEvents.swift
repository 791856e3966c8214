import Foundation
import VerityAPI
import VerityStore
import VerityWebhooks

/// The webhook events certification publishes, each written with its outcome.
enum CertificationEvents {
    static func certificateIssued(environmentID: UUID, userID: UUID, entity: String, level: Int, serial: String,
                                  notAfter: Int64) -> WebhookEventDraft {
        WebhookEvents.draft(CertificateIssued(entity: entity, level: level, serialNumber: serial, notAfterEpochMs: notAfter),
                            environmentID: environmentID, userID: userID)
    }

    /// `reason`: `uncertified` (the user gave it up) or `replaced` (a new one was issued).
    static func certificateRevoked(environmentID: UUID, userID: UUID, entity: String, level: Int, serial: String?,
                                   reason: CertificateRevoked.Reason) -> WebhookEventDraft? {
        guard let serial else { return nil }
        return WebhookEvents.draft(CertificateRevoked(entity: entity, level: level, serialNumber: serial, reason: reason),
                                   environmentID: environmentID, userID: userID)
    }
}
