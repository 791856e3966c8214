import Fluent
import SQLKit

/// The sanctions list (`sanctions_entries`, one version current at a time,
/// named in `sanctions_lists`): an import writes a new version and makes it
/// current in one transaction, so screening never sees half a list.
struct CreateSanctionsEntries: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("sanctions_lists")
            .field("name", .string, .identifier(auto: false))
            .field("current_version", .int64, .required)
            .field("entries", .int, .required)
            .field("source", .string, .required)
            .field("imported_at", .int64, .required)
            .create()
        try await database.schema(SanctionsEntryModel.schema)
            .id()
            .field("version", .int64, .required)
            .field("list_id", .int, .required)
            .field("kind", .string, .required)
            .field("name", .string, .required)
            .field("detail", .string, .required)
            .create()
        let sql = try database.sql()
        try await sql.create(index: "sanctions_entries_version").on(SanctionsEntryModel.schema).column("version").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(SanctionsEntryModel.schema).delete()
        try await database.schema("sanctions_lists").delete()
    }
}
