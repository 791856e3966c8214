import Fluent
import SQLKit

struct CreateRegistryRecords: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(RegistryRecordModel.schema)
            .id()
            .field("lookup_index", .string, .required)
            .field("sealed_record", .data, .required)
            .field("created_at", .int64, .required)
            .create()
        let sql = try database.sql()
        try await sql.create(index: "registry_records_lookup")
            .on(RegistryRecordModel.schema).column("lookup_index").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(RegistryRecordModel.schema).delete()
    }
}
