import Fluent
import Foundation

/// A nonce a certified user signs to authenticate, and the session it bought.
public final class AuthenticationChallengeModel: Model, @unchecked Sendable {
    public static let schema = "cert_challenges"

    @ID public var id: UUID?
    @Parent(key: "registration_id") public var registration: RegistrationModel
    @Field(key: "nonce") public var nonce: Data
    @Field(key: "expires_at") public var expiresAt: Int64
    @OptionalField(key: "used_at") public var usedAt: Int64?
    /// SHA-256 of the session token handed out on success.
    @OptionalField(key: "session_hash") public var sessionHash: String?
    @OptionalField(key: "session_expires_at") public var sessionExpiresAt: Int64?
    @OptionalField(key: "certificate_serial") public var certificateSerial: String?

    public init() {}

    public init(registrationID: UUID, nonce: Data, expiresAt: Int64) {
        self.$registration.id = registrationID
        self.nonce = nonce
        self.expiresAt = expiresAt
    }
}
