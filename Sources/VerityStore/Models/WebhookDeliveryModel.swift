import Fluent
import Foundation

/// One event on its way to one endpoint: delivered once the receiver answers
/// 2xx, given up after three days; its last attempt kept for the log. A
/// pending delivery is its own job: due at `runAfter`, leased until `leaseUntil`.
public final class WebhookDeliveryModel: Model, @unchecked Sendable {
    public static let schema = "webhook_deliveries"

    @ID public var id: UUID?
    @Parent(key: "event_id") public var event: WebhookEventModel
    @Parent(key: "endpoint_id") public var endpoint: WebhookEndpointModel
    @Field(key: "status") public var status: Status
    @Field(key: "attempts") public var attempts: Int
    @OptionalField(key: "last_status_code") public var lastStatusCode: Int?
    @OptionalField(key: "last_latency_ms") public var lastLatencyMilliseconds: Int?
    /// A short code (`timeout`, `connection`, `http_503`, `address_refused`): never the receiver's body.
    @OptionalField(key: "last_error") public var lastError: String?
    @Field(key: "created_at") public var createdAt: Int64
    @OptionalField(key: "delivered_at") public var deliveredAt: Int64?
    @OptionalField(key: "run_after") public var runAfter: Int64?
    @OptionalField(key: "lease_until") public var leaseUntil: Int64?

    public init() {}

    public init(id: UUID = UUID(), eventID: UUID, endpointID: UUID, createdAt: Int64) {
        self.id = id
        self.$event.id = eventID
        self.$endpoint.id = endpointID
        self.status = .pending
        self.attempts = 0
        self.createdAt = createdAt
        self.runAfter = createdAt
    }
}

extension WebhookDeliveryModel {
    public enum Status: String, Codable, Sendable, CaseIterable {
        case pending, delivered, failed
    }
}
