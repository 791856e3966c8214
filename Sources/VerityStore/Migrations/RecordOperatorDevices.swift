import Fluent
import SQLKit

/// Known devices kept server-side (`operator_devices`), so each can be listed
/// and revoked, and failed sign-ins counted per account and client
/// (`operator_sign_in_failures`) instead of per account: the account-wide
/// count (`operators.failed_sign_ins`, `locked_until`) let a stranger who
/// knew an operator's address keep them waiting on every new browser. And
/// when each session last proved its operator (`confirmed_at`), which
/// sensitive changes ask to be recent.
struct RecordOperatorDevices: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(OperatorDeviceModel.schema)
            .id()
            .field("operator_id", .uuid, .required, .references(OperatorModel.schema, "id", onDelete: .cascade))
            .field("token_hash", .string, .required)
            .field("label", .string, .required)
            .field("created_at", .int64, .required)
            .field("last_used_at", .int64, .required)
            .field("expires_at", .int64, .required)
            .unique(on: "token_hash")
            .create()
        try await database.schema("operator_sign_in_failures")
            .id()
            .field("operator_id", .uuid, .required, .references(OperatorModel.schema, "id", onDelete: .cascade))
            .field("client_index", .string, .required)
            .field("failures", .int, .required)
            .field("waits_until", .int64)
            .field("updated_at", .int64, .required)
            .unique(on: "client_index")
            .create()
        let sql = try database.sql()
        try await sql.create(index: "operator_devices_operator").on(OperatorDeviceModel.schema).column("operator_id").run()
        try await sql.create(index: "operator_sign_in_failures_operator").on("operator_sign_in_failures").column("operator_id").run()
        try await database.schema(OperatorSessionModel.schema).field("confirmed_at", .int64).update()
        try await sql.raw("ALTER TABLE operators DROP COLUMN failed_sign_ins").run()
        try await sql.raw("ALTER TABLE operators DROP COLUMN locked_until").run()
    }

    func revert(on database: any Database) async throws {
        let sql = try database.sql()
        try await sql.raw("ALTER TABLE operators ADD COLUMN failed_sign_ins INTEGER NOT NULL DEFAULT 0").run()
        try await sql.raw("ALTER TABLE operators ADD COLUMN locked_until BIGINT").run()
        try await database.schema(OperatorSessionModel.schema).deleteField("confirmed_at").update()
        try await database.schema("operator_sign_in_failures").delete()
        try await database.schema(OperatorDeviceModel.schema).delete()
    }
}
