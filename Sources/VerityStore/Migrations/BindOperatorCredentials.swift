import Fluent

/// `operators.credential_binding`: each operator's password hash, second
/// factor, status and role bound to their row (`CredentialBinding`), so a
/// database writer without the keys cannot swap or clear them. Rows made
/// before are bound by housekeeping (`CredentialBinding.bindLegacy`).
struct BindOperatorCredentials: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(OperatorModel.schema).field("credential_binding", .string).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(OperatorModel.schema).deleteField("credential_binding").update()
    }
}
