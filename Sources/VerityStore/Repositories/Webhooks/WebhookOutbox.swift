import Fluent
import FluentPostgresDriver
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

    /// Writes `drafts` on `tx` (the outcome's transaction): one read of the
    /// environments' enabled endpoints, then each event that some endpoint
    /// wants, with its deliveries and jobs. Returns whether any endpoint will be told.
    @discardableResult
    public static func publish(_ drafts: [WebhookEventDraft], now: Int64, on tx: any Database) async throws -> Bool {
        guard !drafts.isEmpty else { return false }
        // PostgreSQL: one prepared statement per event, the endpoints' filter
        // inside it (a busy outcome path pays one round trip, planned once).
        if tx is any PostgresDatabase {
            var told = false
            for draft in drafts {
                let rows = try await tx.prepared(PublishEventStatement(
                    id: UUID(), environmentID: draft.environmentID, userID: draft.userID, type: draft.type, data: draft.data,
                    now: now, jobKind: jobKind)) ?? []
                told = told || !rows.isEmpty
            }
            return told
        }
        let endpoints = try await WebhookEndpointModel.query(on: tx).filter(\.$environment.$id ~~ Set(drafts.map(\.environmentID)))
            .filter(\.$status == .enabled).all()
        // An environment nobody listens to keeps no events: nothing would read them.
        guard !endpoints.isEmpty else { return false }
        var told = false
        for draft in drafts {
            let wanting = endpoints.filter { $0.$environment.id == draft.environmentID && $0.eventTypeNames.contains(draft.type) }
            guard !wanting.isEmpty else { continue }
            let event = WebhookEventModel(environmentID: draft.environmentID, userID: draft.userID, type: draft.type, data: draft.data,
                                          createdAt: now)
            try await event.create(on: tx)
            for endpoint in wanting {
                let delivery = WebhookDeliveryModel(eventID: try event.requireID(), endpointID: try endpoint.requireID(), createdAt: now)
                try await delivery.create(on: tx)
                try await JobQueue.enqueue(kind: jobKind, subject: try delivery.requireID(), now: now, on: tx)
            }
            told = true
        }
        return told
    }
}
