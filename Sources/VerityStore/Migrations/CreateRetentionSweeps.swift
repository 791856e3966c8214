import Fluent
import SQLKit

/// One row per environment and hour (`retention_sweeps`): the unique pair is
/// what lets every server schedule the sweep and only one of them queue it.
/// The row records what the sweep removed, for operators.
struct CreateRetentionSweeps: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(RetentionSweepModel.schema)
            .id()
            .field("environment_id", .uuid, .required, .references(EnvironmentModel.schema, "id", onDelete: .cascade))
            .field("slot", .int64, .required)
            .field("created_at", .int64, .required)
            .field("finished_at", .int64)
            .field("removed", .string)
            .unique(on: "environment_id", "slot")
            .create()
        // Every server asks each minute which environments have this hour's sweep.
        try await database.sql().create(index: "retention_sweeps_slot").on(RetentionSweepModel.schema).column("slot").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(RetentionSweepModel.schema).delete()
    }
}
