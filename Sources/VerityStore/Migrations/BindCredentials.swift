import Fluent

/// `credential_binding` on `operators`, `api_keys` and `client_keys`: each
/// row's security columns bound to it (`CredentialBinding`), so a database
/// writer without the keys cannot swap or clear them. Rows made before are
/// bound by housekeeping (`CredentialBinding.bindLegacy`).
struct BindCredentials: AsyncMigration {
    static let tables = [OperatorModel.schema, APIKeyModel.schema, ClientKeyModel.schema]

    func prepare(on database: any Database) async throws {
        for table in Self.tables { try await database.schema(table).field("credential_binding", .string).update() }
    }

    func revert(on database: any Database) async throws {
        for table in Self.tables { try await database.schema(table).deleteField("credential_binding").update() }
    }
}
