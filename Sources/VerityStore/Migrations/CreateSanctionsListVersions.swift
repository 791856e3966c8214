import Fluent
import SQLKit

/// Several lists, each with its versions: `sanctions_entries.list` says which
/// list an entry is on (OFAC's, from before, by default); `sanctions_lists`
/// gains the current version's publication date and file hash, and the
/// tenant of a tenant's own watchlist; `sanctions_list_versions` keeps every
/// import with its counts, and `sanctions_list_changes` what each added,
/// removed and changed, entry by entry.
struct CreateSanctionsListVersions: AsyncMigration {
    func prepare(on database: any Database) async throws {
        let sql = try database.sql()
        // The same statement on SQLite and PostgreSQL: the entries already stored are OFAC's.
        try await sql.raw("ALTER TABLE sanctions_entries ADD COLUMN list TEXT NOT NULL DEFAULT 'ofac-sdn'").run()
        // A tenant's watchlist entries are sealed (`SealedColumn.watchlistEntry`); a public list's are public data, in clear.
        try await database.schema(SanctionsEntryModel.schema).field("sealed_detail", .data).update()
        try await database.schema("sanctions_lists").field("published", .string).update()
        try await database.schema("sanctions_lists").field("sha256", .string).update()
        try await database.schema("sanctions_lists").field("tenant_id", .uuid).update()
        try await database.schema(SanctionsListVersionModel.schema)
            .id()
            .field("list", .string, .required)
            .field("tenant_id", .uuid)
            .field("version", .int64, .required)
            .field("published", .string)
            .field("sha256", .string, .required)
            .field("source", .string, .required)
            .field("entries", .int, .required)
            .field("added", .int, .required)
            .field("removed", .int, .required)
            .field("changed", .int, .required)
            .field("imported_at", .int64, .required)
            .unique(on: "list", "version")
            .create()
        try await database.schema(SanctionsListChangeModel.schema)
            .id()
            .field("version_id", .uuid, .required, .references(SanctionsListVersionModel.schema, "id", onDelete: .cascade))
            .field("change", .string, .required)
            .field("entry_id", .int, .required)
            .field("reference", .string, .required)
            .field("name", .string, .required)
            .field("detail", .string, .required)
            .field("sealed_detail", .data)
            .create()
        try await sql.create(index: "sanctions_entries_list_version").on(SanctionsEntryModel.schema).column("list").column("version").run()
        try await sql.create(index: "sanctions_list_changes_version").on(SanctionsListChangeModel.schema).column("version_id").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(SanctionsListChangeModel.schema).delete()
        try await database.schema(SanctionsListVersionModel.schema).delete()
        try await database.schema("sanctions_lists").deleteField("tenant_id").update()
        try await database.schema("sanctions_lists").deleteField("sha256").update()
        try await database.schema("sanctions_lists").deleteField("published").update()
        try await database.schema(SanctionsEntryModel.schema).deleteField("sealed_detail").update()
        try await database.schema(SanctionsEntryModel.schema).deleteField("list").update()
    }
}
