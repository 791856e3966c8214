import Fluent

struct CreateCertificationLocks: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(CertificationLockModel.schema)
            .id()
            .field("user_id", .uuid, .required, .references(EndUserModel.schema, "id", onDelete: .cascade))
            .field("wrong_codes", .int, .required)
            .field("wrong_secrets", .int, .required)
            .field("locked_at", .int64)
            .unique(on: "user_id")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(CertificationLockModel.schema).delete()
    }
}
