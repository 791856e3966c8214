import Fluent

struct CreateDeviceCodes: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(DeviceCodeModel.schema)
            .id()
            .field("device_id", .uuid, .required, .references(CertificationDeviceModel.schema, "id", onDelete: .cascade))
            .field("user_id", .uuid, .required, .references(EndUserModel.schema, "id", onDelete: .cascade))
            .field("code_hash", .string, .required)
            .field("issued_at", .int64, .required)
            .field("attempts", .int, .required)
            .field("closed_at", .int64)
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(DeviceCodeModel.schema).delete()
    }
}
