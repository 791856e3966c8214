import Fluent
import SQLKit

/// The console's overview reads an environment's last weeks by time: each
/// table it charts is indexed by environment and time, so a window is a range
/// scan however large the history grows.
struct IndexConsoleOverview: AsyncMigration {
    func prepare(on database: any Database) async throws {
        guard let sql = database as? any SQLDatabase else { return }
        try await sql.create(index: "document_checks_environment_created").on(DocumentCheckModel.schema)
            .column("environment_id").column("created_at").run()
        try await sql.create(index: "verification_attempts_environment_attempted").on(VerificationAttemptModel.schema)
            .column("environment_id").column("attempted_at").run()
        try await sql.create(index: "credit_ledger_environment_created").on(CreditLedgerEntryModel.schema)
            .column("environment_id").column("created_at").run()
        try await sql.create(index: "review_cases_decided").on(ReviewCaseModel.schema).column("environment_id").column("decided_at").run()
    }

    func revert(on database: any Database) async throws {
        guard let sql = database as? any SQLDatabase else { return }
        for name in ["document_checks_environment_created", "verification_attempts_environment_attempted",
                     "credit_ledger_environment_created", "review_cases_decided"] {
            try await sql.drop(index: name).run()
        }
    }
}
