import Fluent
import Foundation

/// A transaction the app asked a user to approve, and the signed approval.
public final class TransactionModel: Model, @unchecked Sendable {
    public static let schema = "cert_transactions"

    @ID public var id: UUID?
    @Parent(key: "registration_id") public var registration: RegistrationModel
    /// The description as canonical JSON, sealed (may carry PII).
    @Field(key: "description_sealed") public var descriptionSealed: Data
    /// Hex SHA-256 of the canonical description: what the user signs.
    @Field(key: "digest") public var digest: String
    /// Stored as its raw text.
    @Field(key: "status") public var status: Status
    @OptionalField(key: "signature") public var signature: Data?
    @OptionalField(key: "certificate_serial") public var certificateSerial: String?
    @Field(key: "expires_at") public var expiresAt: Int64
    @Field(key: "created_at") public var createdAt: Int64
    @OptionalField(key: "decided_at") public var decidedAt: Int64?

    public init() {}

    public init(registrationID: UUID, descriptionSealed: Data, digest: String, expiresAt: Int64, createdAt: Int64) {
        self.$registration.id = registrationID
        self.descriptionSealed = descriptionSealed
        self.digest = digest
        self.status = .pending
        self.expiresAt = expiresAt
        self.createdAt = createdAt
    }
}

extension TransactionModel {
    /// Where an approval request stands.
    public enum Status: String, Codable, Sendable, CaseIterable {
        case pending, approved, declined, expired
    }
}
