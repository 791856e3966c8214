import Fluent

/// `idempotency_keys.work_committed`: set in the same transaction as the
/// work of the request that claimed the key (`IdempotentWork`), so a retry
/// after its server died between the work's commit and the answer's never
/// does the work a second time.
struct MarkIdempotentWorkCommitted: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("idempotency_keys").field("work_committed", .int64).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("idempotency_keys").deleteField("work_committed").update()
    }
}
