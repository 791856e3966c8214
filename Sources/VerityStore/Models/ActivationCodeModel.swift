import Fluent
import Foundation

/// A DIAC: kept as a keyed hash, for one level of one registration, used once.
public final class ActivationCodeModel: Model, @unchecked Sendable {
    public static let schema = "cert_activation_codes"

    @ID public var id: UUID?
    @Parent(key: "registration_id") public var registration: RegistrationModel
    @Field(key: "level") public var level: Int
    @Field(key: "code_hash") public var codeHash: String
    @Field(key: "expires_at") public var expiresAt: Int64
    @OptionalField(key: "used_at") public var usedAt: Int64?
    /// The code's message until a gateway took it (sealed under the user's
    /// key; `KeepActivationCodesUntilDelivered`), then nil.
    @OptionalField(key: "delivery_sealed") public var deliverySealed: Data?
    /// The address the code was mailed to, sealed under the user's key; nil
    /// for a code sent by SMS or handed over by the operator.
    @OptionalField(key: "mailed_to_sealed") public var mailedToSealed: Data?
    @Field(key: "created_at") public var createdAt: Int64

    public init() {}

    public init(registrationID: UUID, level: Int, codeHash: String, expiresAt: Int64, createdAt: Int64) {
        self.$registration.id = registrationID
        self.level = level
        self.codeHash = codeHash
        self.expiresAt = expiresAt
        self.createdAt = createdAt
    }
}
