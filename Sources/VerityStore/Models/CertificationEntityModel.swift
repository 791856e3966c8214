import Fluent
import Foundation
import VerityCore

/// An organisation users register with for certification (the spec's entity):
/// its registration form and the accreditation levels it offers.
public final class CertificationEntityModel: Model, @unchecked Sendable {
    public static let schema = "cert_entities"

    @ID public var id: UUID?
    @Parent(key: "environment_id") public var environment: EnvironmentModel
    /// Short unique name within the environment (the SDK and CLI address it by).
    @Field(key: "name") public var name: String
    @Field(key: "display_name") public var displayName: String
    /// Accreditation levels 1–4 offered, ascending.
    @Field(key: "levels") public var levels: [Int]
    /// Stored as one JSON document (PostgreSQL would make a bare array of structs a jsonb[]).
    @Field(key: "field_definitions") var storedDefinitions: StoredFieldDefinitions
    public var fieldDefinitions: [UserFieldDefinition] { storedDefinitions.fields }
    @Field(key: "created_at") public var createdAt: Int64

    public init() {}

    public init(environmentID: UUID, name: String, displayName: String, levels: [Int], fieldDefinitions: [UserFieldDefinition], createdAt: Int64) {
        self.$environment.id = environmentID
        self.name = name
        self.displayName = displayName
        self.levels = levels
        self.storedDefinitions = StoredFieldDefinitions(fields: fieldDefinitions)
        self.createdAt = createdAt
    }
}

struct StoredFieldDefinitions: Codable, Sendable {
    var fields: [UserFieldDefinition]
}
