import Fluent

struct CreateEnvironments: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(EnvironmentModel.schema)
            .id()
            .field("tenant_id", .uuid, .required, .references(TenantModel.schema, "id", onDelete: .cascade))
            .field("kind", .string, .required)
            .field("configuration", .json, .required)
            .field("created_at", .int64, .required)
            .unique(on: "tenant_id", "kind")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(EnvironmentModel.schema).delete()
    }
}
