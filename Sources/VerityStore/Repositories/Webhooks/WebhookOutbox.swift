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

    /// Writes `drafts` on `tx` (the outcome's transaction): each event that
    /// some enabled endpoint wants, with a delivery and a job per such
    /// endpoint, one statement per event. Returns whether any endpoint will be told.
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
        // SQLite: one statement per event, written only when an enabled
        // endpoint of its environment wants its type (an environment nobody
        // listens to keeps no events: nothing would read them); triggers add
        // its deliveries and their jobs (FanOutWebhookEventsInSQLite). This
        // runs inside the outcome's write, which holds SQLite's one writer.
        let sql = tx as! any SQLDatabase
        var told = false
        for draft in drafts {
            let written = try await sql.raw("""
                INSERT INTO webhook_events (id, environment_id, user_id, type, data, created_at)
                SELECT \(bind: UUID()), \(bind: draft.environmentID), \(bind: draft.userID), \(bind: draft.type), \(bind: draft.data), \(bind: now)
                WHERE EXISTS (SELECT 1 FROM webhook_endpoints WHERE environment_id = \(bind: draft.environmentID) AND status = 'enabled'
                              AND instr(',' || event_types || ',', ',' || \(bind: draft.type) || ',') > 0)
                RETURNING id
                """).first()
            told = told || written != nil
        }
        return told
    }
}
