import Fluent

/// Request counts per client key, product and minute (`rate_limit_windows`),
/// in the database so every server counts against the same limit.
struct CreateRateLimitWindows: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("rate_limit_windows")
            .id()
            .field("key_id", .uuid, .required)
            .field("product", .string, .required)
            .field("window_start", .int64, .required)
            .field("count", .int, .required)
            .unique(on: "key_id", "product", "window_start")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("rate_limit_windows").delete()
    }
}
