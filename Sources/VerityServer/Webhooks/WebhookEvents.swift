import Foundation
import VerityAPI
import VerityCore
import VerityStore

/// Drafts of the events outcomes publish (`WebhookOutbox.publish`, in the
/// outcome's transaction). `data` holds statuses, ids and levels only: the
/// backend fetches anything personal with its key.
enum WebhookEvents {
    static func draft(_ type: WebhookEventType, environmentID: UUID, userID: UUID?,
                      _ data: [String: WebhookValue]) -> WebhookEventDraft {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // A dictionary of strings, integers and flags always encodes.
        let bytes = (try? encoder.encode(data)) ?? Data("{}".utf8)
        return WebhookEventDraft(environmentID: environmentID, userID: userID, type: type.rawValue, data: bytes)
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
        let data = try JSONDecoder().decode([String: WebhookValue].self, from: event.data)
        let wire = WebhookEvent(id: publicID(event.id),
                                type: type, createdAtEpochMs: event.createdAt, environment: environment, userRef: userRef, data: data)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(wire)
    }
}
