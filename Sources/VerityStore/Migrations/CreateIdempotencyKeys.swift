import Fluent

/// Answers kept per client key and `Idempotency-Key` (`idempotency_keys`),
/// sealed, for 24 hours: a retried submit gets the first answer, uncharged.
struct CreateIdempotencyKeys: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("idempotency_keys")
            .id()
            .field("client_key_id", .uuid, .required)
            .field("key_hash", .string, .required)
            .field("request_hash", .string, .required)
            .field("status", .int)
            .field("sealed_body", .data)
            .field("created_at", .int64, .required)
            .unique(on: "client_key_id", "key_hash")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("idempotency_keys").delete()
    }
}
