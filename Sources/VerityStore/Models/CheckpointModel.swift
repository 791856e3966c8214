import Fluent
import Foundation

/// A place where users are accredited in person.
public final class CheckpointModel: Model, @unchecked Sendable {
    public static let schema = "cert_checkpoints"

    @ID public var id: UUID?
    @Parent(key: "environment_id") public var environment: EnvironmentModel
    @Field(key: "name") public var name: String
    @Field(key: "address") public var address: String
    @Field(key: "latitude") public var latitude: Double
    @Field(key: "longitude") public var longitude: Double
    /// Accreditation levels an operator there can grant.
    @Field(key: "levels") public var levels: [Int]
    @OptionalField(key: "opening_hours") public var openingHours: String?
    @Field(key: "created_at") public var createdAt: Int64

    public init() {}

    public init(environmentID: UUID, name: String, address: String, latitude: Double, longitude: Double, levels: [Int],
                openingHours: String?, createdAt: Int64) {
        self.$environment.id = environmentID
        self.name = name
        self.address = address
        self.latitude = latitude
        self.longitude = longitude
        self.levels = levels
        self.openingHours = openingHours
        self.createdAt = createdAt
    }
}
