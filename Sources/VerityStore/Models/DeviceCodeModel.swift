import Fluent
import Foundation

/// An SMS verification code sent to a device, kept as a keyed hash only.
public final class DeviceCodeModel: Model, @unchecked Sendable {
    public static let schema = "cert_device_codes"

    @ID public var id: UUID?
    @Parent(key: "device_id") public var device: CertificationDeviceModel
    /// The user, for the per-user request limit across their devices.
    @Parent(key: "user_id") public var user: EndUserModel
    @Field(key: "code_hash") public var codeHash: String
    @Field(key: "issued_at") public var issuedAt: Int64
    /// Wrong guesses at this code.
    @Field(key: "attempts") public var attempts: Int
    /// Set when the code was used or replaced by a newer one.
    @OptionalField(key: "closed_at") public var closedAt: Int64?

    public init() {}

    public init(deviceID: UUID, userID: UUID, codeHash: String, issuedAt: Int64) {
        self.$device.id = deviceID
        self.$user.id = userID
        self.codeHash = codeHash
        self.issuedAt = issuedAt
        self.attempts = 0
    }
}
