import Fluent
import Foundation

/// A device token: opaque, stored as SHA-256, bound to one verified device.
/// Revoked with a reason so the client learns what to do (`resolution`).
public final class DeviceTokenModel: Model, @unchecked Sendable {
    public static let schema = "cert_device_tokens"

    @ID public var id: UUID?
    @Field(key: "token_hash") public var tokenHash: String
    @Parent(key: "device_id") public var device: CertificationDeviceModel
    @Parent(key: "user_id") public var user: EndUserModel
    @Field(key: "expires_at") public var expiresAt: Int64
    @OptionalField(key: "revoked_at") public var revokedAt: Int64?
    /// Why it was revoked: `certification-changed`, `device-unverified`, `operator`.
    @OptionalField(key: "revoked_reason") public var revokedReason: String?
    @Field(key: "created_at") public var createdAt: Int64

    public init() {}

    public init(tokenHash: String, deviceID: UUID, userID: UUID, expiresAt: Int64, createdAt: Int64) {
        self.tokenHash = tokenHash
        self.$device.id = deviceID
        self.$user.id = userID
        self.expiresAt = expiresAt
        self.createdAt = createdAt
    }
}
