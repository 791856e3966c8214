import Fluent
import Foundation

/// A level-4 token in the HSM, provisioned ahead (`CreateHSMTokens`).
public final class HSMTokenModel: Model, @unchecked Sendable {
    public static let schema = "hsm_tokens"

    public enum State: String, Codable, Sendable {
        /// Provisioned; its PIN is the platform's (`pinSealed`).
        case free
        /// A user's: the PIN is their password, known to nobody else.
        case assigned
        /// No longer anyone's: `verity hsm wipe` destroys it.
        case toWipe = "to_wipe"
    }

    @ID public var id: UUID?
    @Field(key: "label") public var label: String
    /// The provisioning PIN, sealed to this row; nil once the token is assigned.
    @OptionalField(key: "pin_sealed") public var pinSealed: Data?
    @Field(key: "state") public var state: State
    @OptionalField(key: "certificate_id") public var certificateID: UUID?
    @Field(key: "created_at") public var createdAt: Int64
    @Field(key: "changed_at") public var changedAt: Int64

    public init() {}
}
