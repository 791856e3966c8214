import Fluent
import Foundation
import SQLKit

/// Deliveries of events to endpoints: what the deliverer reads and records,
/// and the log operators read.
public struct WebhookDeliveryRepository: Sendable {
    let db: any Database

    public init(db: any Database) { self.db = db }

    /// A delivery with its event and endpoint.
    public func delivery(id: UUID) async throws -> WebhookDeliveryModel? {
        try await WebhookDeliveryModel.query(on: db).filter(\.$id == id).with(\.$event).with(\.$endpoint).first()
    }

    /// An endpoint's deliveries, newest first, with their events.
    public func deliveries(endpointID: UUID, limit: Int) async throws -> [WebhookDeliveryModel] {
        try await WebhookDeliveryModel.query(on: db).filter(\.$endpoint.$id == endpointID).with(\.$event)
            .sort(\.$createdAt, .descending).range(..<limit).all()
    }

    /// Leases up to `limit` pending deliveries that are due (a retry's time
    /// has come, a redelivery was asked for, or another server's lease
    /// lapsed), oldest first, until `now + leaseMilliseconds`; returns their ids.
    /// Deliveries another server is leasing are skipped, not waited for.
    public func leaseDue(now: Int64, leaseMilliseconds: Int64, limit: Int) async throws -> [UUID] {
        let sql = try db.sql()
        let due: SQLQueryString = """
            SELECT id FROM webhook_deliveries WHERE status = \(literal: WebhookDeliveryModel.Status.pending) AND run_after <= \(bind: now)
              AND (lease_until IS NULL OR lease_until < \(bind: now))
            """
        if sql.dialect.name == "postgresql" {
            // One statement: atomic alone, and one that finds nothing writes nothing.
            return try await sql.raw("""
                UPDATE webhook_deliveries SET lease_until = \(bind: now + leaseMilliseconds)
                WHERE id IN (\(due) ORDER BY run_after LIMIT \(bind: limit) FOR UPDATE SKIP LOCKED)
                RETURNING id
                """).all().map { try $0.decode(column: "id", as: UUID.self) }
        }
        // SQLite: a read first, since a write takes the one writer even when it finds nothing.
        guard try await sql.raw("\(due) LIMIT 1").first() != nil else { return [] }
        return try await db.write { tx in
            try await tx.sql().raw("""
                UPDATE webhook_deliveries SET lease_until = \(bind: now + leaseMilliseconds)
                WHERE id IN (\(due) ORDER BY run_after LIMIT \(bind: limit))
                RETURNING id
                """).all().map { try $0.decode(column: "id", as: UUID.self) }
        }
    }

    /// One attempt's result, on the caller's transaction (a batch records all
    /// of its attempts in one). A delivered delivery stays delivered; one
    /// given up (`retryAt` nil and not delivered) is `failed`; any other is
    /// due again at `retryAt`. The lease ends either way.
    public static func recordAttempt(id: UUID, statusCode: Int?, latencyMilliseconds: Int?, error: String?, delivered: Bool,
                                     retryAt: Int64?, now: Int64, on tx: any Database) async throws {
        let status: WebhookDeliveryModel.Status = delivered ? .delivered : retryAt == nil ? .failed : .pending
        try await tx.sql().raw("""
            UPDATE webhook_deliveries SET attempts = attempts + 1, last_status_code = \(bind: statusCode),
              last_latency_ms = \(bind: latencyMilliseconds), last_error = \(bind: error.map { String($0.prefix(100)) }),
              status = \(bind: status.rawValue),
              delivered_at = CASE WHEN \(bind: delivered) THEN \(bind: now) ELSE delivered_at END,
              run_after = \(bind: status == .pending ? retryAt : nil), lease_until = NULL
            WHERE id = \(bind: id) AND status <> \(literal: WebhookDeliveryModel.Status.delivered)
            """).run()
    }

    /// Many deliveries delivered at once, each with its status code and
    /// latency, in one statement on the caller's transaction.
    public static func recordDelivered(_ delivered: [(id: UUID, statusCode: Int, latencyMilliseconds: Int)], now: Int64,
                                       on tx: any Database) async throws {
        guard !delivered.isEmpty else { return }
        try await tx.sql().raw(deliveredUpdate(delivered, now: now)).run()
    }

    /// A batch that every receiver accepted, settled: one statement (atomic
    /// alone on PostgreSQL, so no BEGIN and COMMIT; one write on SQLite).
    public func settleDelivered(_ delivered: [(id: UUID, statusCode: Int, latencyMilliseconds: Int)], now: Int64) async throws {
        guard !delivered.isEmpty else { return }
        let sql = try db.sql()
        if sql.dialect.name == "postgresql" {
            try await sql.raw(Self.deliveredUpdate(delivered, now: now)).run()
            return
        }
        try await db.write { tx in try await Self.recordDelivered(delivered, now: now, on: tx) }
    }

    private static func deliveredUpdate(_ delivered: [(id: UUID, statusCode: Int, latencyMilliseconds: Int)], now: Int64) -> SQLQueryString {
        let rows = SQLList(delivered.map { SQLGroupExpression([SQLBind($0.id), SQLBind($0.statusCode), SQLBind($0.latencyMilliseconds)]) })
        // A VALUES list's columns are column1, column2, … on both databases.
        return """
            UPDATE webhook_deliveries SET status = \(literal: WebhookDeliveryModel.Status.delivered), attempts = attempts + 1, last_status_code = v.column2,
              last_latency_ms = v.column3, last_error = NULL, delivered_at = \(bind: now), run_after = NULL, lease_until = NULL
            FROM (VALUES \(rows)) AS v
            WHERE webhook_deliveries.id = v.column1 AND webhook_deliveries.status <> \(literal: WebhookDeliveryModel.Status.delivered)
            """
    }

    /// Given up without an attempt (the endpoint was disabled), on the caller's transaction.
    public static func markFailed(id: UUID, on tx: any Database) async throws {
        try await tx.sql().raw("""
            UPDATE webhook_deliveries SET status = \(literal: WebhookDeliveryModel.Status.failed), run_after = NULL, lease_until = NULL
            WHERE id = \(bind: id) AND status = \(literal: WebhookDeliveryModel.Status.pending)
            """).run()
    }

    /// Sends the delivery's event again: pending once more, due now.
    public func redeliver(id: UUID, now: Int64) async throws {
        try await db.write { tx in
            try await tx.sql().raw("""
                UPDATE webhook_deliveries SET status = \(literal: WebhookDeliveryModel.Status.pending), run_after = \(bind: now), lease_until = NULL WHERE id = \(bind: id)
                """).run()
        }
    }

    /// What waits: pending deliveries, and the due time of the oldest one
    /// that is due and not leased (nil when none is), for `/metrics`.
    public func queueStats(now: Int64) async throws -> (pending: Int, oldestDueRunAfter: Int64?) {
        guard let row = try await db.sql().raw("""
            SELECT COUNT(*) AS pending,
                   MIN(CASE WHEN run_after <= \(bind: now) AND (lease_until IS NULL OR lease_until < \(bind: now)) THEN run_after END) AS oldest_due
            FROM webhook_deliveries WHERE status = \(literal: WebhookDeliveryModel.Status.pending)
            """).first() else { return (0, nil) }
        return (try row.decode(column: "pending", as: Int.self), try row.decode(column: "oldest_due", as: Int64?.self))
    }
}
