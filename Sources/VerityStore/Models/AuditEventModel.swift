import Fluent
import Foundation

/// Administrative actions (resets, key changes, token revocations), by whom
/// and when. Ids and codes only, never PII or secrets.
public final class AuditEventModel: Model, @unchecked Sendable {
    public static let schema = "audit_events"

    @ID public var id: UUID?
    @OptionalField(key: "environment_id") public var environmentID: UUID?
    @OptionalField(key: "user_id") public var userID: UUID?
    @Field(key: "action") public var action: String
    @Field(key: "actor") public var actor: String
    @Field(key: "at") public var at: Int64

    public init() {}

    public init(environmentID: UUID?, userID: UUID?, action: String, actor: String, at: Int64) {
        self.environmentID = environmentID
        self.userID = userID
        self.action = action
        self.actor = actor
        self.at = at
    }
}
