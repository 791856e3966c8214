import Fluent

struct CreateAccessTokens: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(AccessTokenModel.schema)
            .id()
            .field("user_id", .uuid, .required, .references(EndUserModel.schema, "id", onDelete: .cascade))
            .field("token_id_hash", .string, .required)
            .field("expires_at", .int64, .required)
            .field("revoked_at", .int64)
            .field("created_at", .int64, .required)
            .unique(on: "token_id_hash")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(AccessTokenModel.schema).delete()
    }
}
