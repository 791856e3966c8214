import Fluent
import SQLKit

/// A mobile session's images held for a reviewer (`mobile_review_images`),
/// one row per verification a case is open for: the session row itself is
/// cleared at submit in every case, as `mobile-api.txt` promises, and this
/// copy goes at the decision or past the held-images retention.
struct HoldMobileReviewImages: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(MobileReviewImagesModel.schema)
            .id()
            .field("environment_id", .uuid, .required, .references(EnvironmentModel.schema, "id", onDelete: .cascade))
            .field("sealed_selfie", .data)
            .field("sealed_front", .data)
            .field("sealed_back", .data)
            .field("held_at", .int64, .required)
            .create()
        try await database.sql().create(index: "mobile_review_images_held").on(MobileReviewImagesModel.schema)
            .column("environment_id").column("held_at").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(MobileReviewImagesModel.schema).delete()
    }
}
