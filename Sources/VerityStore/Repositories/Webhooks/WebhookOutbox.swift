import Fluent
import FluentPostgresDriver
import Foundation
import SQLKit

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
        // SQLite: one read of the environments' listening endpoints, then
        // three statements per event (the event, its deliveries, their jobs),
        // in plain SQL: this runs inside the outcome's write, which holds
        // SQLite's one writer.
        let sql = tx as! any SQLDatabase
        let environments = Array(Set(drafts.map(\.environmentID)))
        let endpoints = try await sql.raw("""
            SELECT id, environment_id, event_types FROM webhook_endpoints
            WHERE status = 'enabled' AND environment_id IN (\(binds: environments))
            """).all().map {
            (id: try $0.decode(column: "id", as: UUID.self), environmentID: try $0.decode(column: "environment_id", as: UUID.self),
             types: Set(try $0.decode(column: "event_types", as: String.self).split(separator: ",").map(String.init)))
        }
        // An environment nobody listens to keeps no events: nothing would read them.
        guard !endpoints.isEmpty else { return false }
        var told = false
        for draft in drafts {
            let wanting = endpoints.filter { $0.environmentID == draft.environmentID && $0.types.contains(draft.type) }
            guard !wanting.isEmpty else { continue }
            let eventID = UUID()
            try await sql.raw("""
                INSERT INTO webhook_events (id, environment_id, user_id, type, data, created_at)
                VALUES (\(bind: eventID), \(bind: draft.environmentID), \(bind: draft.userID), \(bind: draft.type), \(bind: draft.data), \(bind: now))
                """).run()
            let deliveries = wanting.map { (delivery: UUID(), endpoint: $0.id) }
            let deliveryRows = SQLList(deliveries.map {
                SQLGroupExpression([SQLBind($0.delivery), SQLBind(eventID), SQLBind($0.endpoint), SQLLiteral.string("pending"), SQLLiteral.numeric("0"), SQLBind(now)])
            })
            try await sql.raw("""
                INSERT INTO webhook_deliveries (id, event_id, endpoint_id, status, attempts, created_at) VALUES \(deliveryRows)
                """).run()
            let jobRows = SQLList(deliveries.map {
                SQLGroupExpression([SQLBind(UUID()), SQLBind(jobKind), SQLBind($0.delivery), SQLLiteral.string("queued"), SQLLiteral.numeric("0"),
                                    SQLBind(now), SQLBind(now), SQLBind(now)])
            })
            try await sql.raw("""
                INSERT INTO jobs (id, kind, subject, status, attempts, run_after, created_at, updated_at) VALUES \(jobRows)
                """).run()
            told = true
        }
        return told
    }
}
