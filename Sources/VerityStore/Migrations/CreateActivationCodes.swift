import Fluent

struct CreateActivationCodes: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(ActivationCodeModel.schema)
            .id()
            .field("registration_id", .uuid, .required, .references(RegistrationModel.schema, "id", onDelete: .cascade))
            .field("level", .int, .required)
            .field("code_hash", .string, .required)
            .field("expires_at", .int64, .required)
            .field("used_at", .int64)
            .field("created_at", .int64, .required)
            .unique(on: "code_hash")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(ActivationCodeModel.schema).delete()
    }
}
