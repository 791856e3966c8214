import Foundation
import VerityAPI
import VerityCore
import VerityStore
import VerityKernel

/// Drafts of the events outcomes publish (`WebhookOutbox.publish`, in the
/// outcome's transaction). `data` holds statuses, ids and levels only: the
/// backend fetches anything personal with its key.
package enum WebhookEvents {
    /// The event `payload`'s type names, for the user `userID` (nil: mobile sessions have none).
    package static func draft(_ payload: some WebhookPayload, environmentID: UUID, userID: UUID?) -> WebhookEventDraft {
        let bytes = WebhookJSON.object(WebhookPayloadEncoder.data(payload))
        return WebhookEventDraft(environmentID: environmentID, userID: userID, type: type(of: payload).eventType, data: bytes)
    }

    /// An event's id as receivers see it: `evt_` and 32 hex digits.
    static func publicID(_ id: UUID) -> String {
        "evt_" + id.uuidString.replacingOccurrences(of: "-", with: "").lowercased()
    }

    /// The body every delivery of `event` sends: the same bytes each time.
    static func body(of event: WebhookDeliveryDue.Event, environment: String, userRef: String?) throws -> Data {
        guard let type = WebhookEventType(rawValue: event.type) else {
            throw VerityError(.systemError, "An event of an unknown type is queued.")
        }
        // The stored data is the object `draft` wrote: spliced, not decoded and encoded again.
        guard WebhookJSON.isObject(event.data) else {
            throw VerityError(.systemError, "An event's data is not a JSON object.")
        }
        return WebhookJSON.body(id: publicID(event.id), type: type.rawValue, createdAtEpochMs: event.createdAt, environment: environment,
                                userRef: userRef, data: event.data)
    }
}
