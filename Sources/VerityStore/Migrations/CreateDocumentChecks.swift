import Fluent
import SQLKit

/// A user's document verification (`document_verifications`, one row per user
/// once any document event happened) and its checks (`document_checks`).
struct CreateDocumentChecks: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(DocumentVerificationModel.schema)
            .id()
            .field("user_id", .uuid, .required, .references(EndUserModel.schema, "id", onDelete: .cascade))
            .field("environment_id", .uuid, .required)
            .field("status", .string)
            .field("sealed_claim", .data)
            .field("current_check_id", .uuid)
            .field("updated_at", .int64, .required)
            .unique(on: "user_id")
            .create()
        try await database.schema(DocumentCheckModel.schema)
            .id()
            .field("user_id", .uuid, .required, .references(EndUserModel.schema, "id", onDelete: .cascade))
            .field("environment_id", .uuid, .required)
            .field("flow", .string, .required)
            .field("document_type", .string, .required)
            .field("country", .string, .required)
            .field("status", .string, .required)
            .field("sealed_front", .data)
            .field("sealed_back", .data)
            .field("sealed_face", .data)
            .field("reasons", .string)
            .field("sealed_evidence", .data)
            .field("created_at", .int64, .required)
            .field("finished_at", .int64)
            .create()
        let sql = try database.sql()
        try await sql.create(index: "document_checks_user").on(DocumentCheckModel.schema).column("user_id").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(DocumentCheckModel.schema).delete()
        try await database.schema(DocumentVerificationModel.schema).delete()
    }
}
