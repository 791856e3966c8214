import Fluent

/// The national-ID OCR service's sessions (`ocr_sessions`): the transport
/// keys (sealed, until the combination), each side's reading (sealed) and
/// transaction id, the combination's id. Images are kept only when the
/// environment asks for captures, sealed, and go with the readings.
struct CreateOCRSessions: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("ocr_sessions")
            .id()
            .field("public_id", .string, .required)
            .field("environment_id", .uuid, .required)
            .field("user_id", .uuid, .required)
            .field("sealed_keys", .data)
            .field("front_transaction_id", .string)
            .field("sealed_front", .data)
            .field("sealed_front_image", .data)
            .field("back_transaction_id", .string)
            .field("sealed_back", .data)
            .field("sealed_back_image", .data)
            .field("combination_id", .string)
            .field("created_at", .int64, .required)
            .field("expires_at", .int64, .required)
            .field("finished_at", .int64)
            .unique(on: "public_id")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("ocr_sessions").delete()
    }
}
