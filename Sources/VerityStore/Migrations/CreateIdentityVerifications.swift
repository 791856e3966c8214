import Fluent

struct CreateIdentityVerifications: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(IdentityVerificationModel.schema)
            .id()
            .field("user_id", .uuid, .required, .references(EndUserModel.schema, "id", onDelete: .cascade))
            .field("achieved_method", .string, .required)
            .field("verified_at", .int64)
            .field("failed_attempts", .int, .required)
            .field("block", .string)
            .field("required_override", .string)
            .field("last_attempted_at", .int64)
            .unique(on: "user_id")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(IdentityVerificationModel.schema).delete()
    }
}
