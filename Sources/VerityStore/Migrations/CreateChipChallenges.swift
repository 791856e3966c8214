import Fluent

/// `chip_challenges`: Active Authentication challenges, single use
/// (`check_id` set once) and short-lived; housekeeping removes old ones.
struct CreateChipChallenges: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(ChipChallengeModel.schema)
            .id()
            .field("environment_id", .uuid, .required)
            .field("subject_id", .uuid, .required)
            .field("challenge", .data, .required)
            .field("expires_at", .int64, .required)
            .field("check_id", .uuid)
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(ChipChallengeModel.schema).delete()
    }
}
