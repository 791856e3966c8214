import Fluent
import Foundation

/// One app install of one user, verified by an SMS code sent to the user's
/// phone. Verified once for every entity the app serves.
public final class CertificationDeviceModel: Model, @unchecked Sendable {
    public static let schema = "cert_devices"

    @ID public var id: UUID?
    @Parent(key: "user_id") public var user: EndUserModel
    /// SHA-256 of the install's device identifier (the SDK keeps the identifier).
    @Field(key: "device_hash") public var deviceHash: String
    /// The phone number the last code went to, sealed (PII).
    @Field(key: "phone_sealed") public var phoneSealed: Data
    @OptionalField(key: "verified_at") public var verifiedAt: Int64?
    @Field(key: "created_at") public var createdAt: Int64

    public init() {}

    public init(userID: UUID, deviceHash: String, phoneSealed: Data, createdAt: Int64) {
        self.$user.id = userID
        self.deviceHash = deviceHash
        self.phoneSealed = phoneSealed
        self.createdAt = createdAt
    }
}
