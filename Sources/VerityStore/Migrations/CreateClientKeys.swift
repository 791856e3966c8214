import Fluent

/// Publishable client keys of the mobile API (`client_keys`): hashed, scoped, revocable.
struct CreateClientKeys: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(ClientKeyModel.schema)
            .id()
            .field("environment_id", .uuid, .required, .references(EnvironmentModel.schema, "id", onDelete: .cascade))
            .field("key_hash", .string, .required)
            .field("display_prefix", .string, .required)
            .field("kind", .string, .required)
            .field("scopes", .string, .required)
            .field("created_at", .int64, .required)
            .field("revoked_at", .int64)
            .unique(on: "key_hash")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(ClientKeyModel.schema).delete()
    }
}
