import Fluent

struct CreateAccreditationRequests: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(AccreditationRequestModel.schema)
            .id()
            .field("registration_id", .uuid, .required, .references(RegistrationModel.schema, "id", onDelete: .cascade))
            .field("level", .int, .required)
            .field("evidence_kind", .string)
            .field("evidence_reference", .string)
            .field("status", .string, .required)
            .field("reason", .string)
            .field("created_at", .int64, .required)
            .field("decided_at", .int64)
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(AccreditationRequestModel.schema).delete()
    }
}
