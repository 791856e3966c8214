import Fluent

struct CreateEndUsers: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(EndUserModel.schema)
            .id()
            .field("environment_id", .uuid, .required, .references(EnvironmentModel.schema, "id", onDelete: .cascade))
            .field("ref_index", .string, .required)
            .field("created_at", .int64, .required)
            .field("consented_at", .int64)
            .field("consent_withdrawn_at", .int64)
            .field("consent_text_id", .uuid, .references(ConsentTextModel.schema, "id"))
            .unique(on: "environment_id", "ref_index")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(EndUserModel.schema).delete()
    }
}
