import Fluent
import SQLKit

/// The queue's reads find due jobs through an index of the queued ones only.
///
/// Every poll and lease asked for `status = 'queued'` rows of a kind by
/// `run_after`, and with no index read the whole table, finished jobs and
/// all: a table that grows by a job per webhook delivery made each lease
/// slower than the one before (the webhook benchmark's "on" rounds fell
/// from round to round). A partial index holds only what is queued, so its
/// size is the queue's, not its history's. Both databases have them.
struct IndexDueJobs: AsyncMigration {
    func prepare(on database: any Database) async throws {
        let sql = try database.sql()
        try await sql.raw("CREATE INDEX jobs_due ON jobs (kind, run_after) WHERE status = 'queued'").run()
    }

    func revert(on database: any Database) async throws {
        let sql = try database.sql()
        try await sql.raw("DROP INDEX jobs_due").run()
    }
}
