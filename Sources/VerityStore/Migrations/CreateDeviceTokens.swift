import Fluent

struct CreateDeviceTokens: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(DeviceTokenModel.schema)
            .id()
            .field("token_hash", .string, .required)
            .field("device_id", .uuid, .required, .references(CertificationDeviceModel.schema, "id", onDelete: .cascade))
            .field("user_id", .uuid, .required, .references(EndUserModel.schema, "id", onDelete: .cascade))
            .field("expires_at", .int64, .required)
            .field("revoked_at", .int64)
            .field("revoked_reason", .string)
            .field("created_at", .int64, .required)
            .unique(on: "token_hash")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(DeviceTokenModel.schema).delete()
    }
}
