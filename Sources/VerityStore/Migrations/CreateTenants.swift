import Fluent

struct CreateTenants: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(TenantModel.schema)
            .id()
            .field("name", .string, .required)
            .field("created_at", .int64, .required)
            .unique(on: "name")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(TenantModel.schema).delete()
    }
}
