import Fluent
import SQLKit

/// `Idempotency-Key` answers are kept per scope now (a user, an environment's
/// secret keys, a client key), not only per client key: the column says so.
/// Both databases rename a column in place, keeping its unique constraint.
struct ScopeIdempotencyKeys: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.sql().raw("ALTER TABLE idempotency_keys RENAME COLUMN client_key_id TO scope_id").run()
    }

    func revert(on database: any Database) async throws {
        try await database.sql().raw("ALTER TABLE idempotency_keys RENAME COLUMN scope_id TO client_key_id").run()
    }
}
