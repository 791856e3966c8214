import Fluent
import Foundation

/// An outcome's event, ready to be written in the outcome's transaction.
public struct WebhookEventDraft: Sendable {
    public let environmentID: UUID
    public let userID: UUID?
    /// The event type's name (`VerityAPI.WebhookEventType`).
    public let type: String
    /// What happened: JSON of plain values, never PII.
    public let data: Data

    public init(environmentID: UUID, userID: UUID?, type: String, data: Data) {
        self.environmentID = environmentID
        self.userID = userID
        self.type = type
        self.data = data
    }
}

/// Where outcomes meet webhooks: publishing an event writes it, and one
/// delivery with its `webhook.deliver` job per enabled endpoint of the
/// environment that wants its type, on the caller's transaction. The outcome
/// and its event land together or not at all; the job queue delivers them at
/// least once.
public enum WebhookOutbox {
    public static let jobKind = "webhook.deliver"

    /// Writes `draft` on `tx` (the outcome's transaction); returns whether any endpoint will be told.
    @discardableResult
    public static func publish(_ draft: WebhookEventDraft, now: Int64, on tx: any Database) async throws -> Bool {
        let endpoints = try await WebhookEndpointModel.query(on: tx).filter(\.$environment.$id == draft.environmentID)
            .filter(\.$status == .enabled).all().filter { $0.eventTypeNames.contains(draft.type) }
        // An environment nobody listens to keeps no events: nothing would read them.
        guard !endpoints.isEmpty else { return false }
        let event = WebhookEventModel(environmentID: draft.environmentID, userID: draft.userID, type: draft.type, data: draft.data,
                                      createdAt: now)
        try await event.create(on: tx)
        for endpoint in endpoints {
            let delivery = WebhookDeliveryModel(eventID: try event.requireID(), endpointID: try endpoint.requireID(), createdAt: now)
            try await delivery.create(on: tx)
            try await JobQueue.enqueue(kind: jobKind, subject: try delivery.requireID(), now: now, on: tx)
        }
        return true
    }

    /// Publishes each draft on `tx`.
    @discardableResult
    public static func publish(_ drafts: [WebhookEventDraft], now: Int64, on tx: any Database) async throws -> Bool {
        var any = false
        for draft in drafts where try await publish(draft, now: now, on: tx) { any = true }
        return any
    }
}
