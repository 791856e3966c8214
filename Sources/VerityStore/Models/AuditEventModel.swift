import Fluent
import Foundation

/// Administrative actions (resets, key changes, token revocations, operators'
/// decisions and sign-ins), by whom and when. Ids and codes only, never PII
/// or secrets; `actor` is `cli`, `system`, `key:<prefix>` or `operator:<id>`.
public final class AuditEventModel: Model, @unchecked Sendable {
    public static let schema = "audit_events"

    @ID public var id: UUID?
    @OptionalField(key: "environment_id") public var environmentID: UUID?
    @OptionalField(key: "user_id") public var userID: UUID?
    @Field(key: "action") public var action: String
    @Field(key: "actor") public var actor: String
    @Field(key: "at") public var at: Int64
    /// The tenant the event belongs to (every event since the console; earlier ones through their environment).
    @OptionalField(key: "tenant_id") public var tenantID: UUID?
    /// Why, in the words of the person who did it (a reviewer's reason), at most `AuditRepository.reasonLength` characters.
    @OptionalField(key: "reason") public var reason: String?

    public init() {}

    public init(environmentID: UUID?, userID: UUID?, action: String, actor: String, at: Int64) {
        self.environmentID = environmentID
        self.userID = userID
        self.action = action
        self.actor = actor
        self.at = at
    }
}
