import Fluent

struct CreateAuthenticationChallenges: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(AuthenticationChallengeModel.schema)
            .id()
            .field("registration_id", .uuid, .required, .references(RegistrationModel.schema, "id", onDelete: .cascade))
            .field("nonce", .data, .required)
            .field("expires_at", .int64, .required)
            .field("used_at", .int64)
            .field("session_hash", .string)
            .field("session_expires_at", .int64)
            .field("certificate_serial", .string)
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(AuthenticationChallengeModel.schema).delete()
    }
}
