import Fluent
import Foundation

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

    /// One attempt's result. A delivered delivery stays delivered.
    public func recordAttempt(id: UUID, statusCode: Int?, latencyMilliseconds: Int?, error: String?, delivered: Bool,
                              now: Int64) async throws {
        try await db.write { tx in
            guard let delivery = try await WebhookDeliveryModel.find(id, on: tx), delivery.status != .delivered else { return }
            delivery.attempts += 1
            delivery.lastStatusCode = statusCode
            delivery.lastLatencyMilliseconds = latencyMilliseconds
            delivery.lastError = error.map { String($0.prefix(100)) }
            if delivered {
                delivery.status = .delivered
                delivery.deliveredAt = now
            }
            try await delivery.update(on: tx)
        }
    }

    /// Given up (three days of failures, or the endpoint disabled).
    public func markFailed(id: UUID) async throws {
        try await db.write { tx in
            try await WebhookDeliveryModel.query(on: tx).filter(\.$id == id).filter(\.$status == .pending).set(\.$status, to: .failed).update()
        }
    }

    /// Sends the delivery's event again: pending once more, with a new job.
    public func redeliver(id: UUID, jobKind: String, now: Int64) async throws {
        try await db.write { tx in
            try await WebhookDeliveryModel.query(on: tx).filter(\.$id == id).set(\.$status, to: .pending).update()
            try await JobQueue.enqueue(kind: jobKind, subject: id, now: now, on: tx)
        }
    }
}
