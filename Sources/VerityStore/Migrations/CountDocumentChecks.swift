import Fluent
import SQLKit

/// `document_check_counts` (`DocumentCheckCounts`), filled from the checks already there.
struct CountDocumentChecks: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(DocumentCheckCounts.table)
            .field("environment_id", .uuid, .required)
            .field("day", .int64, .required)
            .field("status", .string, .required)
            .field("document_type", .string, .required)
            .field("country", .string, .required)
            .field("bucket", .int, .required)
            .field("n", .int64, .required)
            .unique(on: "environment_id", "day", "status", "document_type", "country", "bucket")
            .create()
        try await DocumentCheckCounts.rebuild(environmentID: nil, on: database)
    }

    func revert(on database: any Database) async throws {
        try await database.schema(DocumentCheckCounts.table).delete()
    }
}
