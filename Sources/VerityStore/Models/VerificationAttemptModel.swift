import Fluent
import VerityCore
import Foundation

/// The audit trail of identity verification attempts. Holds no PII: only a
/// keyed digest of the normalised input, so repeated inputs can be spotted.
public final class VerificationAttemptModel: Model, @unchecked Sendable {
    public static let schema = "verification_attempts"

    @ID public var id: UUID?
    @Parent(key: "user_id") public var user: EndUserModel
    @Field(key: "environment_id") public var environmentID: UUID
    @Field(key: "source") public var source: String
    @Field(key: "outcome") public var outcome: AttemptOutcome
    @Field(key: "input_digest") public var inputDigest: String
    @Field(key: "attempted_at") public var attemptedAt: Int64
    @OptionalField(key: "settled_at") public var settledAt: Int64?

    public init() {}

    public init(userID: UUID, environmentID: UUID, source: String, inputDigest: String, attemptedAt: Int64) {
        self.$user.id = userID
        self.environmentID = environmentID
        self.source = source
        self.outcome = .pending
        self.inputDigest = inputDigest
        self.attemptedAt = attemptedAt
    }
}
