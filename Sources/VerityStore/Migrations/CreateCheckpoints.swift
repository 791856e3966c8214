import Fluent

struct CreateCheckpoints: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(CheckpointModel.schema)
            .id()
            .field("environment_id", .uuid, .required, .references(EnvironmentModel.schema, "id", onDelete: .cascade))
            .field("name", .string, .required)
            .field("address", .string, .required)
            .field("latitude", .double, .required)
            .field("longitude", .double, .required)
            .field("levels", .array(of: .int), .required)
            .field("opening_hours", .string)
            .field("created_at", .int64, .required)
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(CheckpointModel.schema).delete()
    }
}
