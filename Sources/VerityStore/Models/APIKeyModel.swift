import Fluent
import Foundation

/// A secret key an integrator's backend uses on the admin API. Only its
/// SHA-256 is stored; the prefix is kept so operators can tell keys apart.
public final class APIKeyModel: Model, @unchecked Sendable {
    public static let schema = "api_keys"

    @ID public var id: UUID?
    @Parent(key: "environment_id") public var environment: EnvironmentModel
    @Field(key: "key_hash") public var keyHash: String
    @Field(key: "display_prefix") public var displayPrefix: String
    @Field(key: "created_at") public var createdAt: Int64
    @OptionalField(key: "revoked_at") public var revokedAt: Int64?
    /// The columns above bound to this row (`CredentialBinding`).
    @OptionalField(key: "credential_binding") public var credentialBinding: String?

    public init() {}

    public init(environmentID: UUID, keyHash: String, displayPrefix: String, createdAt: Int64) {
        self.$environment.id = environmentID
        self.keyHash = keyHash
        self.displayPrefix = displayPrefix
        self.createdAt = createdAt
    }
}
