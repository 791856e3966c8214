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
    // The user's consent as it stands, written with each consent event in one
    // transaction (the events are the history): the hot path reads consent
    // with the token in one query, and there is one answer to "consented?".
    /// When consent was last given; kept after a withdrawal.
    @OptionalField(key: "consented_at") public var consentedAt: Int64?
    /// When consent was withdrawn after it was last given.
    @OptionalField(key: "consent_withdrawn_at") public var consentWithdrawnAt: Int64?
    /// The text last consented to.
    @OptionalParent(key: "consent_text_id") public var consentText: ConsentTextModel?

    /// The user's phone number (E.164) and e-mail address, sealed, as the
    /// integrator's backend last gave them (`UserTokenRequest`).
    @OptionalField(key: "phone_sealed") public var phoneSealed: Data?
    @OptionalField(key: "email_sealed") public var emailSealed: Data?
    /// The integrator's reference, sealed: events name the user by it (the
    /// lookup is by `refIndex`; nil for users not named since it was added).
    @OptionalField(key: "ref_sealed") public var refSealed: Data?

    /// Consent given and not withdrawn since.
    public var consented: Bool { consentedAt != nil && consentWithdrawnAt == nil }

    public init() {}

    public init(id: UUID = UUID(), environmentID: UUID, refIndex: String, createdAt: Int64) {
        self.id = id
        self.$environment.id = environmentID
        self.refIndex = refIndex
        self.createdAt = createdAt
    }
}
