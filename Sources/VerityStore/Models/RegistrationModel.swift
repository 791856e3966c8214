import Fluent
import Foundation
import VerityCore

/// A user's registration with an entity and where their certification stands.
public final class RegistrationModel: Model, @unchecked Sendable {
    public static let schema = "cert_registrations"

    @ID public var id: UUID?
    @Parent(key: "entity_id") public var entity: CertificationEntityModel
    @Parent(key: "user_id") public var user: EndUserModel
    /// The registration form's values as JSON, sealed (PII).
    @Field(key: "fields_sealed") public var fieldsSealed: Data
    /// `UNCERTIFIED`, `CERTIFICATE_PENDING` or `CERTIFIED`, stored as its raw text.
    @Field(key: "status") public var status: CertificationStatus
    /// The highest level the user is accredited at (1 from registration when the entity offers it).
    @OptionalField(key: "accredited_level") public var accreditedLevel: Int?
    @Field(key: "created_at") public var createdAt: Int64

    public init() {}

    public init(entityID: UUID, userID: UUID, fieldsSealed: Data, status: CertificationStatus, accreditedLevel: Int?, createdAt: Int64) {
        self.$entity.id = entityID
        self.$user.id = userID
        self.fieldsSealed = fieldsSealed
        self.status = status
        self.accreditedLevel = accreditedLevel
        self.createdAt = createdAt
    }
}
