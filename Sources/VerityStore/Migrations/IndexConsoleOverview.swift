import Fluent
import SQLKit

/// The console's overview reads an environment's last weeks by time: the
/// tables it charts directly are indexed by environment and time (covering
/// what it reads), so a window is one range scan of the index. Document
/// checks are counted as they move instead (`CountDocumentChecks`).
struct IndexConsoleOverview: AsyncMigration {
    func prepare(on database: any Database) async throws {
        let sql = try database.sql()
        try await sql.create(index: "verification_attempts_environment_attempted").on(VerificationAttemptModel.schema)
            .column("environment_id").column("attempted_at").column("outcome").run()
        try await sql.create(index: "credit_ledger_environment_created").on(CreditLedgerEntryModel.schema)
            .column("environment_id").column("created_at").column("delta").run()
        try await sql.create(index: "review_cases_decided").on(ReviewCaseModel.schema)
            .column("environment_id").column("decided_at").column("opened_at").run()
    }

    func revert(on database: any Database) async throws {
        let sql = try database.sql()
        for name in ["verification_attempts_environment_attempted",
                     "credit_ledger_environment_created", "review_cases_decided"] {
            try await sql.drop(index: name).run()
        }
    }
}
