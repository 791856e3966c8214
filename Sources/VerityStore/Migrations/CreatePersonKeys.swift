import Fluent

/// Each person's own data key (`person_keys`), wrapped under their
/// environment's data key, and the serials of certificates whose holder was
/// erased (`erased_certificates`): the CRL must go on listing them after the
/// holder's rows are gone.
struct CreatePersonKeys: AsyncMigration {
    func prepare(on database: any Database) async throws {
        // No foreign key to end_users: an erasure deletes the key first, in a
        // transaction of its own, before the user's rows.
        try await database.schema(PersonKeyModel.schema)
            .field("user_id", .uuid, .identifier(auto: false))
            .field("environment_id", .uuid, .required)
            .field("wrapped_key", .data, .required)
            .field("wrapped_by", .string, .required)
            .field("created_at", .int64, .required)
            .create()
        try await database.schema(ErasedCertificateModel.schema)
            .field("serial", .string, .identifier(auto: false))
            .field("revoked_at", .int64, .required)
            .field("erased_at", .int64, .required)
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(ErasedCertificateModel.schema).delete()
        try await database.schema(PersonKeyModel.schema).delete()
    }
}
