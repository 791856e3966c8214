import Fluent

struct CreateConsentEvents: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(ConsentEventModel.schema)
            .id()
            .field("user_id", .uuid, .required, .references(EndUserModel.schema, "id", onDelete: .cascade))
            .field("action", .string, .required)
            .field("consent_text_id", .uuid, .references(ConsentTextModel.schema, "id"))
            .field("at", .int64, .required)
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(ConsentEventModel.schema).delete()
    }
}
