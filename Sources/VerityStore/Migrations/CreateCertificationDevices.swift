import Fluent

struct CreateCertificationDevices: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(CertificationDeviceModel.schema)
            .id()
            .field("user_id", .uuid, .required, .references(EndUserModel.schema, "id", onDelete: .cascade))
            .field("device_hash", .string, .required)
            .field("phone_sealed", .data, .required)
            .field("verified_at", .int64)
            .field("created_at", .int64, .required)
            .unique(on: "user_id", "device_hash")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(CertificationDeviceModel.schema).delete()
    }
}
