import Fluent
import SQLKit

/// Credits per environment: the balance (`credit_balances`, never negative)
/// and every change to it (`credit_ledger`), written in one transaction.
struct CreateCredits: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("credit_balances")
            .field("environment_id", .uuid, .identifier(auto: false), .references(EnvironmentModel.schema, "id", onDelete: .cascade))
            .field("balance", .int64, .required)
            .field("updated_at", .int64, .required)
            .create()
        try await database.schema(CreditLedgerEntryModel.schema)
            .id()
            .field("environment_id", .uuid, .required, .references(EnvironmentModel.schema, "id", onDelete: .cascade))
            .field("delta", .int64, .required)
            .field("balance_after", .int64, .required)
            .field("reason", .string, .required)
            .field("reference", .string)
            .field("created_at", .int64, .required)
            .create()
        let sql = try database.sql()
        try await sql.create(index: "credit_ledger_environment").on(CreditLedgerEntryModel.schema).column("environment_id").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(CreditLedgerEntryModel.schema).delete()
        try await database.schema("credit_balances").delete()
    }
}
