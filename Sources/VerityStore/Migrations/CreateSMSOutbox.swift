import Fluent

struct CreateSMSOutbox: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(OutboxMessageModel.schema)
            .id()
            .field("environment_id", .uuid, .required, .references(EnvironmentModel.schema, "id", onDelete: .cascade))
            .field("to_sealed", .data, .required)
            .field("text_sealed", .data, .required)
            .field("created_at", .int64, .required)
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(OutboxMessageModel.schema).delete()
    }
}
