import Fluent

/// The user's phone number and e-mail address as the integrator's backend
/// gave them with a user token, sealed (PII): the number device verification
/// sends its code to when the app names none, and the address an activation
/// code (DIAC) can be mailed to.
struct AddEndUserContacts: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("end_users").field("phone_sealed", .data).update()
        try await database.schema("end_users").field("email_sealed", .data).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("end_users").deleteField("phone_sealed").update()
        try await database.schema("end_users").deleteField("email_sealed").update()
    }
}
