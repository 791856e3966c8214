import Fluent
import SQLKit

/// A partial index over the attempts still `pending`: housekeeping looks for
/// the ones a dead server left (`VerificationRepository.settleAbandoned`)
/// every minute on every server, and must not read the whole ledger to find
/// the few there are.
struct IndexUnsettledAttempts: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.sql().raw("""
            CREATE INDEX verification_attempts_unsettled ON verification_attempts (attempted_at) WHERE outcome = 'pending'
            """).run()
    }

    func revert(on database: any Database) async throws {
        try await database.sql().raw("DROP INDEX IF EXISTS verification_attempts_unsettled").run()
    }
}
