import Fluent

/// Contacts for certification's messages: the user's phone number and e-mail
/// address as the integrator's backend gave them with a user token, sealed
/// (PII), which device verification sends its code to when the app names no
/// number and an activation code (DIAC) can be mailed to; and e-mail in the
/// development outbox beside text messages (each row's channel, `sms` when
/// absent as for every row before, and a mail's subject, sealed).
struct AddCertificationContacts: AsyncMigration {
    static let columns: [(table: String, column: FieldKey)] = [
        ("end_users", "phone_sealed"), ("end_users", "email_sealed"), ("sms_outbox", "subject_sealed"),
    ]

    func prepare(on database: any Database) async throws {
        for (table, column) in Self.columns { try await database.schema(table).field(column, .data).update() }
        try await database.schema("sms_outbox").field("channel", .string).update()
    }

    func revert(on database: any Database) async throws {
        for (table, column) in Self.columns + [("sms_outbox", "channel")] { try await database.schema(table).deleteField(column).update() }
    }
}
