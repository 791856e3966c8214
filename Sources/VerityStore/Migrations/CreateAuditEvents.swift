import Fluent

struct CreateAuditEvents: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(AuditEventModel.schema)
            .id()
            .field("environment_id", .uuid)
            .field("user_id", .uuid)
            .field("action", .string, .required)
            .field("actor", .string, .required)
            .field("at", .int64, .required)
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(AuditEventModel.schema).delete()
    }
}
