import Fluent
import SQLKit

/// Multi-step mobile sessions (`mobile_sessions`): the step due, the outcome,
/// sealed per-step state and images (cleared when the session ends).
struct CreateMobileSessions: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(MobileSessionModel.schema)
            .id()
            .field("token_hash", .string, .required)
            .field("environment_id", .uuid, .required, .references(EnvironmentModel.schema, "id", onDelete: .cascade))
            .field("client_key_id", .uuid, .required)
            .field("product", .string, .required)
            .field("next_step", .string)
            .field("outcome", .string)
            .field("sealed_state", .data)
            .field("sealed_selfie", .data)
            .field("sealed_front", .data)
            .field("sealed_back", .data)
            .field("verification_id", .uuid)
            .field("created_at", .int64, .required)
            .field("last_activity_at", .int64, .required)
            .unique(on: "token_hash")
            .create()
        let sql = try database.sql()
        try await sql.create(index: "mobile_sessions_activity").on(MobileSessionModel.schema)
            .column("environment_id").column("last_activity_at").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(MobileSessionModel.schema).delete()
    }
}
