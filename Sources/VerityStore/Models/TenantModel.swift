import Fluent
import Foundation

/// An integrator: one company using Verity, with a test and a live environment.
public final class TenantModel: Model, @unchecked Sendable {
    public static let schema = "tenants"

    @ID public var id: UUID?
    @Field(key: "name") public var name: String
    @Field(key: "created_at") public var createdAt: Int64

    public init() {}

    public init(name: String, createdAt: Int64) {
        self.name = name
        self.createdAt = createdAt
    }
}
