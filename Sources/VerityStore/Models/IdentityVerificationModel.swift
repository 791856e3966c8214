import Fluent
import Foundation
import VerityCore

/// A user's stored `VerificationRecord`, one row per user (read and written
/// with SQL in `VerificationRepository`, the hot path).
public final class IdentityVerificationModel: Model, @unchecked Sendable {
    public static let schema = "identity_verifications"

    @ID public var id: UUID?
    @Parent(key: "user_id") public var user: EndUserModel
    @Field(key: "achieved_method") public var achievedMethod: String
    @OptionalField(key: "verified_at") public var verifiedAt: Int64?
    @Field(key: "failed_attempts") public var failedAttempts: Int
    @OptionalField(key: "block") public var block: String?
    @OptionalField(key: "required_override") public var requiredOverride: String?
    @OptionalField(key: "last_attempted_at") public var lastAttemptedAt: Int64?

    public init() {}

    public init(userID: UUID) {
        self.$user.id = userID
        self.achievedMethod = VerificationMethod.none.rawValue
        self.failedAttempts = 0
    }
}
