import Fluent

/// `data_key_root`: the derivation root of blind indexes and signatures,
/// sealed under the data key, so the data key can be rotated without
/// changing what it derives (`DerivedKeyRecord`). The first server to start after
/// this migration records it.
struct CreateDataKeyRoot: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(DataKeyRootModel.schema)
            .field("name", .string, .identifier(auto: false))
            .field("sealed_root", .data, .required)
            .field("sealed_by", .string, .required)
            .field("created_at", .int64, .required)
            .field("updated_at", .int64, .required)
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(DataKeyRootModel.schema).delete()
    }
}
