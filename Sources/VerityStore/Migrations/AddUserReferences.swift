import Fluent

/// The integrator's reference for each user, sealed (it may be an e-mail
/// address): events name the user by it. Users named before this migration
/// get it the next time the integrator names them.
struct AddUserReferences: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(EndUserModel.schema).field("ref_sealed", .data).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(EndUserModel.schema).deleteField("ref_sealed").update()
    }
}
