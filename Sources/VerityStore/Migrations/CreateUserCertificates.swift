import Fluent

struct CreateUserCertificates: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(UserCertificateModel.schema)
            .id()
            .field("registration_id", .uuid, .required, .references(RegistrationModel.schema, "id", onDelete: .cascade))
            .field("level", .int, .required)
            .field("status", .string, .required)
            .field("public_key", .data, .required)
            .field("csr", .data)
            .field("hsm_token", .string)
            .field("serial", .string)
            .field("certificate_pem", .string)
            .field("not_after", .int64)
            .field("failure", .string)
            .field("attempts", .int, .required)
            .field("lease_until", .int64)
            .field("created_at", .int64, .required)
            .field("issued_at", .int64)
            .field("revoked_at", .int64)
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(UserCertificateModel.schema).delete()
    }
}
