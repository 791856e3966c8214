import Fluent

struct CreateVerificationAttempts: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(VerificationAttemptModel.schema)
            .id()
            .field("user_id", .uuid, .required, .references(EndUserModel.schema, "id", onDelete: .cascade))
            .field("environment_id", .uuid, .required)
            .field("source", .string, .required)
            .field("outcome", .string, .required)
            .field("input_digest", .string, .required)
            .field("attempted_at", .int64, .required)
            .field("settled_at", .int64)
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(VerificationAttemptModel.schema).delete()
    }
}
