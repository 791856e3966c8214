import Fluent

struct CreateConsentTexts: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(ConsentTextModel.schema)
            .id()
            .field("environment_id", .uuid, .required, .references(EnvironmentModel.schema, "id", onDelete: .cascade))
            .field("locale", .string, .required)
            .field("content_type", .string, .required)
            .field("content", .string, .required)
            .field("created_at", .int64, .required)
            .field("superseded_at", .int64)
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(ConsentTextModel.schema).delete()
    }
}
