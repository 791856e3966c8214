import Fluent

/// Reviewers' false positives (`sanctions_clearances`), one per tenant,
/// person and entry content.
struct CreateSanctionsClearances: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(SanctionsClearanceModel.schema)
            .id()
            .field("tenant_id", .uuid, .required, .references(TenantModel.schema, "id", onDelete: .cascade))
            .field("person_index", .string, .required)
            .field("entry_id", .int, .required)
            .field("entry_fingerprint", .string, .required)
            .field("case_id", .uuid, .required)
            .field("cleared_by", .uuid, .required)
            .field("cleared_at", .int64, .required)
            // Also the index a screen reads by (tenant and person first).
            .unique(on: "tenant_id", "person_index", "entry_id", "entry_fingerprint")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(SanctionsClearanceModel.schema).delete()
    }
}
