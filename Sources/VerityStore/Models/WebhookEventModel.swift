import Fluent
import VerityCore
import Foundation

/// One outcome a backend may be told of, written in the outcome's own
/// transaction: its type, its user and what happened (`data`, JSON of plain
/// values: statuses, ids, levels; never PII). Every delivery of it sends the
/// same body, built from these.
public final class WebhookEventModel: Model, @unchecked Sendable {
    public static let schema = "webhook_events"

    @ID public var id: UUID?
    @Field(key: "environment_id") public var environmentID: UUID
    @OptionalField(key: "user_id") public var userID: UUID?
    @Field(key: "type") public var type: WebhookEventType
    @Field(key: "data") public var data: Data
    @Field(key: "created_at") public var createdAt: Int64

    public init() {}

    public init(id: UUID = UUID(), environmentID: UUID, userID: UUID?, type: WebhookEventType, data: Data, createdAt: Int64) {
        self.id = id
        self.environmentID = environmentID
        self.userID = userID
        self.type = type
        self.data = data
        self.createdAt = createdAt
    }
}
