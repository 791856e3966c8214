import Fluent

/// Each environment's key for signing engine responses (`response_signing_keys`):
/// the HMAC-SHA256 key its backend holds (`verity keys hmac`), sealed, since
/// the server must use it, not just recognise it. One per environment.
struct CreateResponseSigningKeys: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("response_signing_keys")
            .id()
            .field("environment_id", .uuid, .required)
            .field("sealed_hmac_key", .data, .required)
            .field("created_at", .int64, .required)
            .unique(on: "environment_id")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("response_signing_keys").delete()
    }
}
