import Fluent
import Foundation

/// A challenge for a chip to sign (Active Authentication,
/// `CreateChipChallenges`): issued to one user (the identity API) or one
/// mobile session, used by at most one check, for a few minutes.
public final class ChipChallengeModel: Model, @unchecked Sendable {
    public static let schema = "chip_challenges"

    @ID public var id: UUID?
    @Field(key: "environment_id") public var environmentID: UUID
    /// The user (identity API) or mobile session it was issued to.
    @Field(key: "subject_id") public var subjectID: UUID
    /// The 8 random bytes the chip signs: not a secret, and useless after use.
    @Field(key: "challenge") public var challenge: Data
    @Field(key: "expires_at") public var expiresAt: Int64
    /// The check that used it; nil until then.
    @OptionalField(key: "check_id") public var checkID: UUID?

    public init() {}
}
