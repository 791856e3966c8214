import Fluent

/// `sanctions_folder_scans`: one read of `VERITY_SANCTIONS_FOLDER` per
/// interval (`slot`), claimed by one server and queued as a job, with what it
/// found (`report`, JSON) once finished.
struct CreateSanctionsFolderScans: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(SanctionsFolderScanModel.schema)
            .id()
            .field("slot", .int64, .required)
            .field("created_at", .int64, .required)
            .field("finished_at", .int64)
            .field("report", .string)
            .unique(on: "slot")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(SanctionsFolderScanModel.schema).delete()
    }
}
