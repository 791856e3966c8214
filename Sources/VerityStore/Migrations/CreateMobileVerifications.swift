import Fluent

/// Single-shot mobile verifications (`mobile_verifications`, VerifyHuman):
/// outcome and reasons, and the pass token's life. No image, no face template.
struct CreateMobileVerifications: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(MobileVerificationModel.schema)
            .id()
            .field("environment_id", .uuid, .required, .references(EnvironmentModel.schema, "id", onDelete: .cascade))
            .field("client_key_id", .uuid, .required)
            .field("product", .string, .required)
            .field("outcome", .string, .required)
            .field("reasons", .string)
            .field("token_expires_at", .int64)
            .field("token_used_at", .int64)
            .field("created_at", .int64, .required)
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(MobileVerificationModel.schema).delete()
    }
}
