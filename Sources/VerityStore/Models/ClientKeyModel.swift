import Fluent
import VerityCore
import Foundation

/// A publishable client key (`vhk_live_…`, `vhk_test_…`, `pk_demo_…`). Only
/// its SHA-256 is stored; the prefix lets operators tell keys apart.
public final class ClientKeyModel: Model, @unchecked Sendable {
    public static let schema = "client_keys"

    @ID public var id: UUID?
    @Parent(key: "environment_id") public var environment: EnvironmentModel
    @Field(key: "key_hash") public var keyHash: String
    @Field(key: "display_prefix") public var displayPrefix: String
    @Field(key: "kind") public var kind: ClientKeyKind
    /// Comma-separated `MobileProduct` raw values.
    @Field(key: "scopes") public var scopes: String
    @Field(key: "created_at") public var createdAt: Int64
    @OptionalField(key: "revoked_at") public var revokedAt: Int64?
    /// The columns above bound to this row (`CredentialBinding`).
    @OptionalField(key: "credential_binding") public var credentialBinding: String?

    public init() {}
}
