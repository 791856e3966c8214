import Fluent
import Foundation

/// Where an environment's backend is told of outcomes: a URL, the event types
/// it wants, and its signing secret (sealed; during a rotation the previous
/// one too, until it lapses).
public final class WebhookEndpointModel: Model, @unchecked Sendable {
    public static let schema = "webhook_endpoints"

    @ID public var id: UUID?
    @Parent(key: "environment_id") public var environment: EnvironmentModel
    @Field(key: "url") public var url: String
    /// The event types' names, comma-separated.
    @Field(key: "event_types") public var eventTypes: String
    @OptionalField(key: "description") public var endpointDescription: String?
    @Field(key: "secret_sealed") public var secretSealed: Data
    @OptionalField(key: "previous_secret_sealed") public var previousSecretSealed: Data?
    @OptionalField(key: "previous_secret_until") public var previousSecretUntil: Int64?
    @Field(key: "status") public var status: Status
    @OptionalField(key: "disabled_reason") public var disabledReason: String?
    /// The first failure of the current run of failed deliveries; cleared by a success.
    @OptionalField(key: "failing_since") public var failingSince: Int64?
    @Field(key: "created_at") public var createdAt: Int64

    public init() {}

    public init(environmentID: UUID, url: String, eventTypes: [String], description: String?, secretSealed: Data, createdAt: Int64) {
        self.$environment.id = environmentID
        self.url = url
        self.eventTypes = eventTypes.joined(separator: ",")
        self.endpointDescription = description
        self.secretSealed = secretSealed
        self.status = .enabled
        self.createdAt = createdAt
    }

    public var eventTypeNames: [String] { eventTypes.split(separator: ",").map(String.init) }
}

extension WebhookEndpointModel {
    public enum Status: String, Codable, Sendable, CaseIterable {
        case enabled, disabled
    }
}
