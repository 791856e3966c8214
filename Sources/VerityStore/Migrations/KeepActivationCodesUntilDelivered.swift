import Fluent

/// An activation code's message (channel, recipient and text), sealed under
/// the user's key, kept until it has been handed to the SMS or mail gateway:
/// the `certification.activation_code` job sends it when the server that
/// approved the request died before it could (the code itself is kept only
/// as a keyed hash, and the operator's answer may have died with the server).
struct KeepActivationCodesUntilDelivered: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("cert_activation_codes").field("delivery_sealed", .data).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("cert_activation_codes").deleteField("delivery_sealed").update()
    }
}
