import Fluent
import Foundation
import VerityCore

/// `test` or `live` data of one tenant; everything else is scoped by it.
public final class EnvironmentModel: Model, @unchecked Sendable {
    public static let schema = "environments"

    @ID public var id: UUID?
    @Parent(key: "tenant_id") public var tenant: TenantModel
    @Field(key: "kind") public var kind: EnvironmentKind
    @Field(key: "configuration") public var configuration: EnvironmentConfiguration
    @Field(key: "created_at") public var createdAt: Int64

    public init() {}

    public init(tenantID: UUID, kind: EnvironmentKind, configuration: EnvironmentConfiguration, createdAt: Int64) {
        self.$tenant.id = tenantID
        self.kind = kind
        self.configuration = configuration
        self.createdAt = createdAt
    }
}
