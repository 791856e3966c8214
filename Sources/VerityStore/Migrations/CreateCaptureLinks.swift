import Fluent
import SQLKit

/// Capture links (`capture_links`): at most one per user, the live one; the
/// token is stored as its SHA-256 only.
struct CreateCaptureLinks: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(CaptureLinkModel.schema)
            .id()
            .field("user_id", .uuid, .required, .references(EndUserModel.schema, "id", onDelete: .cascade))
            .field("environment_id", .uuid, .required)
            .field("token_hash", .string, .required)
            .field("created_at", .int64, .required)
            .field("opens", .int, .required)
            .field("submissions", .int, .required)
            .unique(on: "user_id")
            .unique(on: "token_hash")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(CaptureLinkModel.schema).delete()
    }
}
