import Foundation
import VerityAPI
import VerityStore

/// The webhook events certification publishes, each written with its outcome.
enum CertificationEvents {
    static func certificateIssued(environmentID: UUID, userID: UUID, entity: String, level: Int, serial: String,
                                  notAfter: Int64) -> WebhookEventDraft {
        WebhookEvents.draft(.certificateIssued, environmentID: environmentID, userID: userID, [
            "entity": .string(entity), "level": .int(Int64(level)), "serialNumber": .string(serial), "notAfterEpochMs": .int(notAfter),
        ])
    }

    /// `reason`: `uncertified` (the user gave it up) or `replaced` (a new one was issued).
    static func certificateRevoked(environmentID: UUID, userID: UUID, entity: String, level: Int, serial: String?,
                                   reason: String) -> WebhookEventDraft? {
        guard let serial else { return nil }
        return WebhookEvents.draft(.certificateRevoked, environmentID: environmentID, userID: userID, [
            "entity": .string(entity), "level": .int(Int64(level)), "serialNumber": .string(serial), "reason": .string(reason),
        ])
    }

    static func accreditation(_ type: WebhookEventType, environmentID: UUID, userID: UUID, entity: String, requestID: UUID,
                              level: Int, extra: [String: WebhookValue] = [:]) -> WebhookEventDraft {
        WebhookEvents.draft(type, environmentID: environmentID, userID: userID, [
            "entity": .string(entity), "requestId": .string(requestID.uuidString), "level": .int(Int64(level)),
        ].merging(extra) { first, _ in first })
    }
}
