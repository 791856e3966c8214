import Fluent
import SQLKit

/// The console's review queue (`review_cases`).
struct CreateReviewCases: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(ReviewCaseModel.schema)
            .id()
            .field("tenant_id", .uuid, .required, .references(TenantModel.schema, "id", onDelete: .cascade))
            .field("environment_id", .uuid, .required, .references(EnvironmentModel.schema, "id", onDelete: .cascade))
            .field("kind", .string, .required)
            .field("subject_id", .uuid, .required)
            .field("user_id", .uuid)
            .field("reasons", .string, .required)
            .field("opened_at", .int64, .required)
            .field("claimed_by", .uuid)
            .field("claimed_until", .int64)
            .field("decided_at", .int64)
            .field("decided_by", .uuid)
            .field("decision", .string)
            .field("decision_reason", .string)
            .unique(on: "kind", "subject_id")
            .create()
        let sql = try database.sql()
        // The queue reads open cases oldest first; decided ones (most, in time) stay out of its index.
        try await sql.raw("""
            CREATE INDEX review_cases_open ON review_cases (tenant_id, opened_at, id) WHERE decided_at IS NULL
            """).run()
        // A user's page lists their cases, open or decided.
        try await sql.create(index: "review_cases_user").on(ReviewCaseModel.schema).column("user_id").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(ReviewCaseModel.schema).delete()
    }
}
