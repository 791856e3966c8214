import Fluent

/// `hsm_tokens`: level-4 tokens provisioned ahead by `verity hsm provision`,
/// the only command that holds the SO PIN (issue 47, finding 15). Each is
/// free (its provisioning PIN sealed to its row), assigned to a
/// certificate (the PIN forgotten: the user's password replaced it), or
/// waiting for `verity hsm wipe`.
struct CreateHSMTokens: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(HSMTokenModel.schema)
            .id()
            .field("label", .string, .required)
            .field("pin_sealed", .data)
            .field("state", .string, .required)
            .field("certificate_id", .uuid)
            .field("created_at", .int64, .required)
            .field("changed_at", .int64, .required)
            .unique(on: "label")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(HSMTokenModel.schema).delete()
    }
}
