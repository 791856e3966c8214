import Fluent
import Foundation

/// One person in an integrator's app, known to Verity by a keyed hash of the
/// integrator's own reference for them.
public final class EndUserModel: Model, @unchecked Sendable {
    public static let schema = "end_users"

    @ID public var id: UUID?
    @Parent(key: "environment_id") public var environment: EnvironmentModel
    @Field(key: "ref_index") public var refIndex: String
    @Field(key: "created_at") public var createdAt: Int64
    /// When the user's current consent was given; nil while not consented.
    /// Kept with each consent event in one transaction, so the hot path
    /// reads consent with the token in one query.
    @OptionalField(key: "consented_at") public var consentedAt: Int64?

    public init() {}

    public init(id: UUID = UUID(), environmentID: UUID, refIndex: String, createdAt: Int64) {
        self.id = id
        self.$environment.id = environmentID
        self.refIndex = refIndex
        self.createdAt = createdAt
    }
}
