import Fluent
import VerityCore
import Foundation

/// An SMS the development outbox kept instead of sending (test environments only).
public final class OutboxMessageModel: Model, @unchecked Sendable {
    public static let schema = "sms_outbox"

    @ID public var id: UUID?
    @Parent(key: "environment_id") public var environment: EnvironmentModel
    @Field(key: "to_sealed") public var toSealed: Data
    @Field(key: "text_sealed") public var textSealed: Data
    @Field(key: "created_at") public var createdAt: Int64
    /// Absent for the SMS kept before e-mail existed.
    @OptionalField(key: "channel") public var channel: MessageChannel?
    /// An e-mail's subject, sealed.
    @OptionalField(key: "subject_sealed") public var subjectSealed: Data?

    public init() {}

    public init(environmentID: UUID, toSealed: Data, textSealed: Data, createdAt: Int64, channel: MessageChannel? = nil, subjectSealed: Data? = nil) {
        self.$environment.id = environmentID
        self.toSealed = toSealed
        self.textSealed = textSealed
        self.createdAt = createdAt
        self.channel = channel
        self.subjectSealed = subjectSealed
    }
}
