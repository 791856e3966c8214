import Fluent

/// A combination held for a reviewer keeps its combined result, sealed, in
/// `ocr_sessions.sealed_review` (with the side images) until it is decided.
struct KeepOCRReviewEvidence: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("ocr_sessions").field("sealed_review", .data).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("ocr_sessions").deleteField("sealed_review").update()
    }
}
