import Fluent

/// `idempotency_keys.alive_at`: when the server running a claim's request
/// last said it still runs it (`IdempotencyRepository.heartbeat`). A claim
/// whose server stopped saying so is abandoned after seconds, where it took
/// two minutes when only its age counted.
struct KeepIdempotencyClaimsAlive: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("idempotency_keys").field("alive_at", .int64).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("idempotency_keys").deleteField("alive_at").update()
    }
}
