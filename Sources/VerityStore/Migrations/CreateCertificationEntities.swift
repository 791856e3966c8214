import Fluent

struct CreateCertificationEntities: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(CertificationEntityModel.schema)
            .id()
            .field("environment_id", .uuid, .required, .references(EnvironmentModel.schema, "id", onDelete: .cascade))
            .field("name", .string, .required)
            .field("display_name", .string, .required)
            .field("levels", .array(of: .int), .required)
            .field("field_definitions", .json, .required)
            .field("created_at", .int64, .required)
            .unique(on: "environment_id", "name")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(CertificationEntityModel.schema).delete()
    }
}
