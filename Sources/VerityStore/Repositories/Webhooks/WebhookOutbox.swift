import Fluent
import VerityCore
import FluentPostgresDriver
import Foundation
import SQLKit

/// An outcome's event, ready to be written in the outcome's transaction.
public struct WebhookEventDraft: Sendable {
    public let environmentID: UUID
    public let userID: UUID?
    public let type: WebhookEventType
    /// What happened: JSON of plain values, never PII.
    public let data: Data

    public init(environmentID: UUID, userID: UUID?, type: WebhookEventType, data: Data) {
        self.environmentID = environmentID
        self.userID = userID
        self.type = type
        self.data = data
    }
}

/// Where outcomes meet webhooks. Publishing writes the event on the caller's
/// transaction, so the outcome and its event land together or not at all,
/// marked `fan_out_pending`. The dispatcher, before each batch, turns marked
/// events into one delivery per enabled endpoint of the environment that
/// wants their type (`fanOutPending`), a batch of events in one write. A
/// delivery is its own job (due at `run_after`, leased on its own row), and
/// the fan-out adds it leased to the dispatcher that made it, which sends it
/// at once; one whose lease lapses is found by any server's next lease.
///
/// Why two steps: an outcome's transaction is the hot path (on SQLite it holds
/// the one writer). Writing the deliveries there cost the webhook benchmark a
/// fifth of its verifications on SQLite and more on PostgreSQL; the event
/// alone costs next to nothing (`docs/benchmarks.md`). A crash between the two
/// steps leaves the mark for the next dispatcher to find.
///
/// On SQLite an identity decision's event waits one step earlier, on the
/// attempt's own row; the fan-out lifts it into the outbox (`LedgerEvents`).
public enum WebhookOutbox {
    /// The queue's name in `/metrics` (`verity_jobs_queued{kind=…}`), beside the generic jobs' kinds.
    public static let queueName = "webhook.deliver"

    /// Writes `drafts` on `tx` (the outcome's transaction): each event that
    /// some enabled endpoint wants (an environment nobody listens to keeps no
    /// events: nothing would read them), one statement per event. Returns
    /// whether any endpoint will be told.
    @discardableResult
    public static func publish(_ drafts: [WebhookEventDraft], now: Int64, on tx: any Database) async throws -> Bool {
        guard !drafts.isEmpty else { return false }
        // PostgreSQL: a prepared statement (planned once per connection).
        if tx is any PostgresDatabase {
            var told = false
            for draft in drafts {
                let rows = try await tx.prepared(PublishEventStatement(
                    id: UUID(), environmentID: draft.environmentID, userID: draft.userID, type: draft.type.rawValue, data: draft.data,
                    now: now)) ?? []
                told = told || !rows.isEmpty
            }
            return told
        }
        let sql = try tx.sql()
        var told = false
        for draft in drafts {
            let written = try await sql.raw("""
                INSERT INTO webhook_events (id, environment_id, user_id, type, data, created_at, fan_out_pending)
                SELECT \(bind: UUID()), \(bind: draft.environmentID), \(bind: draft.userID), \(bind: draft.type.rawValue), \(bind: draft.data), \(bind: now), 1
                WHERE EXISTS (SELECT 1 FROM webhook_endpoints WHERE environment_id = \(bind: draft.environmentID) AND status = \(literal: WebhookEndpointModel.Status.enabled)
                              AND instr(',' || event_types || ',', ',' || \(bind: draft.type.rawValue) || ',') > 0)
                RETURNING id
                """).first()
            told = told || written != nil
        }
        return told
    }

    /// Events committed with their outcomes and not yet turned into
    /// deliveries, and when the oldest was published (`/metrics`): the
    /// backlog ahead of the delivery queue, counting (on SQLite) the ones still
    /// on their outcomes' rows (`LedgerEvents`). A read of a partial index each.
    public static func awaitingFanOut(on db: any Database) async throws -> (events: Int, oldestCreatedAt: Int64?) {
        let sql = try db.sql()
        guard let row = try await sql.raw("""
            SELECT COUNT(*) AS events, MIN(created_at) AS oldest FROM webhook_events WHERE fan_out_pending = 1
            """).first() else { return (0, nil) }
        var events = try row.decode(column: "events", as: Int.self), oldest = try row.decode(column: "oldest", as: Int64?.self)
        if sql.dialect.name == "sqlite" {
            let waiting = try await LedgerEvents.awaiting(on: sql)
            events += waiting.events
            oldest = [oldest, waiting.oldestCreatedAt].compactMap { $0 }.min()
        }
        return (events, oldest)
    }

    /// The deliveries of up to `limit` events published since the last call,
    /// oldest first, one per enabled endpoint that wants each event's type, in
    /// one write, leased to the caller until `now + leaseMilliseconds`: it
    /// sends them next. Returns their ids. An idle outbox costs one read of a
    /// partial index.
    public static func fanOutPending(now: Int64, leaseMilliseconds: Int64, limit: Int, on db: any Database) async throws -> [UUID] {
        let sql = try db.sql()
        let leaseUntil = now + leaseMilliseconds
        if sql.dialect.name == "postgresql" {
            // One statement: the events claimed (rows another server is
            // fanning out are skipped, not waited for) and their deliveries,
            // atomic without BEGIN and COMMIT.
            return try await sql.raw("""
                WITH claimed AS (
                  UPDATE webhook_events SET fan_out_pending = 0
                  WHERE id IN (SELECT id FROM webhook_events WHERE fan_out_pending = 1 ORDER BY created_at LIMIT \(bind: limit)
                               FOR UPDATE SKIP LOCKED)
                  RETURNING id, environment_id, type, created_at)
                INSERT INTO webhook_deliveries (id, event_id, endpoint_id, status, attempts, created_at, run_after, lease_until)
                SELECT gen_random_uuid(), c.id, e.id, 'pending', 0, c.created_at, c.created_at, \(bind: leaseUntil)
                FROM claimed c JOIN webhook_endpoints e ON e.environment_id = c.environment_id
                WHERE e.status = \(literal: WebhookEndpointModel.Status.enabled) AND position(',' || c.type || ',' in ',' || e.event_types || ',') > 0
                RETURNING id
                """).all().map { try $0.decode(column: "id", as: UUID.self) }
        }
        guard try await sql.raw("""
            SELECT 1 WHERE EXISTS (SELECT 1 FROM webhook_events WHERE fan_out_pending = 1) OR \(unsafeRaw: LedgerEvents.anyWaiting)
            """).first() != nil else { return [] }
        return try await db.write { tx in
            let sql = try tx.sql()
            // Identity decisions' events wait on their attempts' rows: into the outbox first.
            try await LedgerEvents.lift(limit: limit, on: sql)
            // Both statements run under the one writer: nothing is published
            // between them, so the second clears exactly the marks the first read.
            let marked: SQLQueryString = """
                SELECT id FROM webhook_events WHERE fan_out_pending = 1 ORDER BY created_at, id LIMIT \(bind: limit)
                """
            let added = try await sql.raw("""
                INSERT INTO webhook_deliveries (id, event_id, endpoint_id, status, attempts, created_at, run_after, lease_until)
                SELECT \(unsafeRaw: FanOutWebhookEventsInSQLite.newID), ev.id, e.id, 'pending', 0, ev.created_at, ev.created_at,
                       \(bind: leaseUntil)
                FROM webhook_events ev JOIN webhook_endpoints e ON e.environment_id = ev.environment_id
                WHERE ev.id IN (\(marked)) AND e.status = \(literal: WebhookEndpointModel.Status.enabled)
                  AND instr(',' || e.event_types || ',', ',' || ev.type || ',') > 0
                RETURNING id
                """).all().map { try $0.decode(column: "id", as: UUID.self) }
            try await sql.raw("UPDATE webhook_events SET fan_out_pending = 0 WHERE id IN (\(marked))").run()
            return added
        }
    }
}
