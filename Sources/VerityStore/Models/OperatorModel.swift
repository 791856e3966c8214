import Fluent
import VerityCore
import Foundation

/// A person who uses the operator console for one tenant. Their e-mail
/// address is sealed, found by a blind index; the password is a bcrypt hash;
/// the TOTP secret (when a second factor is set) is sealed.
public final class OperatorModel: Model, @unchecked Sendable {
    public static let schema = "operators"

    @ID public var id: UUID?
    @Parent(key: "tenant_id") public var tenant: TenantModel
    /// `DataProtector.blindIndex` of the lower-cased address, domain `operator.email`: unique across tenants.
    @Field(key: "email_index") public var emailIndex: String
    @Field(key: "email_sealed") public var emailSealed: Data
    @Field(key: "role") public var role: OperatorRole
    @Field(key: "password_hash") public var passwordHash: String
    @OptionalField(key: "totp_secret_sealed") public var totpSecretSealed: Data?
    /// The last TOTP time step that signed in: a code is used once.
    @OptionalField(key: "totp_last_step") public var totpLastStep: Int64?
    @Field(key: "status") public var status: OperatorStatus
    @Field(key: "created_at") public var createdAt: Int64
    @OptionalField(key: "last_sign_in_at") public var lastSignInAt: Int64?
    /// The security columns above bound to this row (`CredentialBinding`).
    @OptionalField(key: "credential_binding") public var credentialBinding: String?

    public init() {}
}

/// A signed-in console session: the cookie's token is stored as its SHA-256,
/// and the CSRF token every form carries is derived from the session's own.
public final class OperatorSessionModel: Model, @unchecked Sendable {
    public static let schema = "operator_sessions"

    @ID public var id: UUID?
    @Parent(key: "operator_id") public var `operator`: OperatorModel
    @Field(key: "token_hash") public var tokenHash: String
    @Field(key: "created_at") public var createdAt: Int64
    /// Sessions end after a while idle, and after a working day whatever happens.
    @Field(key: "last_seen_at") public var lastSeenAt: Int64
    @Field(key: "expires_at") public var expiresAt: Int64
    /// When the operator last proved themselves in this session (signing in,
    /// or confirming their password and code again): sensitive changes need it recent.
    @OptionalField(key: "confirmed_at") public var confirmedAt: Int64?

    public init() {}
}
