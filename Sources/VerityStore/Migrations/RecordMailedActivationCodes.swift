import Fluent

/// The address an activation code was mailed to (sealed under the user's
/// key), kept with the code; and on a certificate asked for with such a
/// code, that address, which the user proved they read by entering the code:
/// the only e-mail address a certificate names (issue 47, finding 10).
struct RecordMailedActivationCodes: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("cert_activation_codes").field("mailed_to_sealed", .data).update()
        try await database.schema("cert_certificates").field("verified_email_sealed", .data).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("cert_certificates").deleteField("verified_email_sealed").update()
        try await database.schema("cert_activation_codes").deleteField("mailed_to_sealed").update()
    }
}
