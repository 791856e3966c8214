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

    /// One attempt's result, on the caller's transaction (a batch records all
    /// of its attempts in one). A delivered delivery stays delivered; one
    /// given up (`givenUp`) is `failed`.
    public static func recordAttempt(id: UUID, statusCode: Int?, latencyMilliseconds: Int?, error: String?, delivered: Bool,
                                     givenUp: Bool, now: Int64, on tx: any Database) async throws {
        let status: WebhookDeliveryModel.Status = delivered ? .delivered : givenUp ? .failed : .pending
        try await (tx as! any SQLDatabase).raw("""
            UPDATE webhook_deliveries SET attempts = attempts + 1, last_status_code = \(bind: statusCode),
              last_latency_ms = \(bind: latencyMilliseconds), last_error = \(bind: error.map { String($0.prefix(100)) }),
              status = \(bind: status.rawValue),
              delivered_at = CASE WHEN \(bind: delivered) THEN \(bind: now) ELSE delivered_at END
            WHERE id = \(bind: id) AND status <> 'delivered'
            """).run()
    }

    /// Many deliveries delivered at once, each with its status code and
    /// latency, in one statement on the caller's transaction (the common case
    /// of a batch: every receiver said 2xx).
    public static func recordDelivered(_ delivered: [(id: UUID, statusCode: Int, latencyMilliseconds: Int)], now: Int64,
                                       on tx: any Database) async throws {
        guard !delivered.isEmpty else { return }
        try await (tx as! any SQLDatabase).raw(deliveredUpdate(delivered, now: now)).run()
    }

    /// A batch that every receiver accepted, settled: its deliveries delivered
    /// and their jobs removed together. One statement on PostgreSQL (atomic
    /// alone, so no BEGIN and COMMIT: one round trip where there were four);
    /// two in one write on SQLite.
    public func settleDelivered(_ delivered: [(id: UUID, statusCode: Int, latencyMilliseconds: Int)], jobs: [UUID],
                                now: Int64) async throws {
        guard !delivered.isEmpty else { return }
        let sql = db as! any SQLDatabase
        if sql.dialect.name == "postgresql" {
            // A data-modifying WITH runs whether or not the rest reads it.
            try await sql.raw("""
                WITH delivered AS (\(Self.deliveredUpdate(delivered, now: now)) RETURNING 1)
                DELETE FROM jobs WHERE id IN (\(binds: jobs)) AND status = 'queued'
                """).run()
            return
        }
        try await db.write { tx in
            try await Self.recordDelivered(delivered, now: now, on: tx)
            try await JobQueue.removeDone(jobs, on: tx)
        }
    }

    private static func deliveredUpdate(_ delivered: [(id: UUID, statusCode: Int, latencyMilliseconds: Int)], now: Int64) -> SQLQueryString {
        let rows = SQLList(delivered.map { SQLGroupExpression([SQLBind($0.id), SQLBind($0.statusCode), SQLBind($0.latencyMilliseconds)]) })
        // A VALUES list's columns are column1, column2, … on both databases.
        return """
            UPDATE webhook_deliveries SET status = 'delivered', attempts = attempts + 1, last_status_code = v.column2,
              last_latency_ms = v.column3, last_error = NULL, delivered_at = \(bind: now)
            FROM (VALUES \(rows)) AS v
            WHERE webhook_deliveries.id = v.column1 AND webhook_deliveries.status <> 'delivered'
            """
    }

    /// Given up (three days of failures, or the endpoint disabled), on the caller's transaction.
    public static func markFailed(id: UUID, on tx: any Database) async throws {
        try await WebhookDeliveryModel.query(on: tx).filter(\.$id == id).filter(\.$status == .pending).set(\.$status, to: .failed).update()
    }

    /// Sends the delivery's event again: pending once more, with a new job.
    public func redeliver(id: UUID, jobKind: String, now: Int64) async throws {
        try await db.write { tx in
            try await WebhookDeliveryModel.query(on: tx).filter(\.$id == id).set(\.$status, to: .pending).update()
            try await JobQueue.enqueue(kind: jobKind, subject: id, now: now, on: tx)
        }
    }
}
