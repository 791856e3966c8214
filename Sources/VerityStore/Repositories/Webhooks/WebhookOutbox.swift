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

/// Where outcomes meet webhooks: publishing an event writes it on the
/// caller's transaction, so the outcome and its event land together or not at
/// all; each enabled endpoint of the environment that wants its type gets a
/// delivery with its `webhook.deliver` job (on PostgreSQL in the same
/// statement; on SQLite in the dispatcher's next write, `fanOutPending`), and
/// the job queue delivers them at least once.
public enum WebhookOutbox {
    public static let jobKind = "webhook.deliver"

    /// Writes `drafts` on `tx` (the outcome's transaction): each event that
    /// some enabled endpoint wants, one statement per event (on PostgreSQL
    /// with a delivery and a job per such endpoint). Returns whether any
    /// endpoint will be told.
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
        // listens to keeps no events: nothing would read them), and marked for
        // the dispatcher to fan out (`fanOutPending`). This runs inside the
        // outcome's write, which holds SQLite's one writer: the deliveries and
        // jobs are written later, a batch of events in one write.
        let sql = tx as! any SQLDatabase
        var told = false
        for draft in drafts {
            let written = try await sql.raw("""
                INSERT INTO webhook_events (id, environment_id, user_id, type, data, created_at, fan_out_pending)
                SELECT \(bind: UUID()), \(bind: draft.environmentID), \(bind: draft.userID), \(bind: draft.type), \(bind: draft.data), \(bind: now), 1
                WHERE EXISTS (SELECT 1 FROM webhook_endpoints WHERE environment_id = \(bind: draft.environmentID) AND status = 'enabled'
                              AND instr(',' || event_types || ',', ',' || \(bind: draft.type) || ',') > 0)
                RETURNING id
                """).first()
            told = told || written != nil
        }
        return told
    }

    /// SQLite: the deliveries of every event published since the last call,
    /// one per enabled endpoint that wants its type, with their jobs (the
    /// `webhook_deliveries_enqueue` trigger), in one write; returns how many
    /// deliveries were added. The dispatcher calls it before each lease. An
    /// idle queue costs one indexed read. PostgreSQL fans out as it publishes:
    /// nothing to do there.
    @discardableResult
    public static func fanOutPending(on db: any Database) async throws -> Int {
        guard let sql = db as? any SQLDatabase, sql.dialect.name == "sqlite" else { return 0 }
        guard try await sql.raw("SELECT 1 FROM webhook_events WHERE fan_out_pending = 1 LIMIT 1").first() != nil else { return 0 }
        return try await db.write { tx in
            let sql = tx as! any SQLDatabase
            // Both statements run under the one writer: no event can be
            // published between them, so the second clears exactly the marks
            // the first read.
            let added = try await sql.raw("""
                INSERT INTO webhook_deliveries (id, event_id, endpoint_id, status, attempts, created_at)
                SELECT \(unsafeRaw: FanOutWebhookEventsInSQLite.newID), ev.id, e.id, 'pending', 0, ev.created_at
                FROM webhook_events ev JOIN webhook_endpoints e ON e.environment_id = ev.environment_id
                WHERE ev.fan_out_pending = 1 AND e.status = 'enabled'
                  AND instr(',' || e.event_types || ',', ',' || ev.type || ',') > 0
                RETURNING id
                """).all().count
            try await sql.raw("UPDATE webhook_events SET fan_out_pending = 0 WHERE fan_out_pending = 1").run()
            return added
        }
    }
}
