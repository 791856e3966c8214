import Fluent

struct CreateTransactions: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(TransactionModel.schema)
            .id()
            .field("registration_id", .uuid, .required, .references(RegistrationModel.schema, "id", onDelete: .cascade))
            .field("description_sealed", .data, .required)
            .field("digest", .string, .required)
            .field("status", .string, .required)
            .field("signature", .data)
            .field("certificate_serial", .string)
            .field("expires_at", .int64, .required)
            .field("created_at", .int64, .required)
            .field("decided_at", .int64)
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(TransactionModel.schema).delete()
    }
}
