import Fluent
import SQLKit

/// Console operators (`operators`) and their sessions (`operator_sessions`).
struct CreateOperators: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(OperatorModel.schema)
            .id()
            .field("tenant_id", .uuid, .required, .references(TenantModel.schema, "id", onDelete: .cascade))
            .field("email_index", .string, .required)
            .field("email_sealed", .data, .required)
            .field("role", .string, .required)
            .field("password_hash", .string, .required)
            .field("totp_secret_sealed", .data)
            .field("totp_last_step", .int64)
            .field("status", .string, .required)
            .field("failed_sign_ins", .int, .required)
            .field("locked_until", .int64)
            .field("created_at", .int64, .required)
            .field("last_sign_in_at", .int64)
            .unique(on: "email_index")
            .create()
        try await database.schema(OperatorSessionModel.schema)
            .id()
            .field("operator_id", .uuid, .required, .references(OperatorModel.schema, "id", onDelete: .cascade))
            .field("token_hash", .string, .required)
            .field("created_at", .int64, .required)
            .field("last_seen_at", .int64, .required)
            .field("expires_at", .int64, .required)
            .unique(on: "token_hash")
            .create()
        let sql = try database.sql()
        // A tenant's operators listed; an operator's sessions ended together.
        try await sql.create(index: "operators_tenant").on(OperatorModel.schema).column("tenant_id").run()
        try await sql.create(index: "operator_sessions_operator").on(OperatorSessionModel.schema).column("operator_id").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(OperatorSessionModel.schema).delete()
        try await database.schema(OperatorModel.schema).delete()
    }
}
