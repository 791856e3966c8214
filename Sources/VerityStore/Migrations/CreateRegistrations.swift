import Fluent

struct CreateRegistrations: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(RegistrationModel.schema)
            .id()
            .field("entity_id", .uuid, .required, .references(CertificationEntityModel.schema, "id", onDelete: .cascade))
            .field("user_id", .uuid, .required, .references(EndUserModel.schema, "id", onDelete: .cascade))
            .field("fields_sealed", .data, .required)
            .field("status", .string, .required)
            .field("accredited_level", .int)
            .field("created_at", .int64, .required)
            .unique(on: "entity_id", "user_id")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(RegistrationModel.schema).delete()
    }
}
