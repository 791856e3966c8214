import Fluent

/// Which CA issued a certificate: `test` for the test environments' own CA
/// (issue 47, finding 10), nil for the platform CA (every certificate from
/// before, in test environments too, was the platform CA's). Kept for
/// erased holders' certificates as well, so that each CA's CRL lists what
/// it issued and nothing else.
struct RecordTestCAIssuance: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("cert_certificates").field("issuer_ca", .string).update()
        try await database.schema("erased_certificates").field("issuer_ca", .string).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("erased_certificates").deleteField("issuer_ca").update()
        try await database.schema("cert_certificates").deleteField("issuer_ca").update()
    }
}
