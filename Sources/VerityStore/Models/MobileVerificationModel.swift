import Fluent
import Foundation
import VerityCore

/// A single-shot mobile verification (VerifyHuman) and its pass token's life.
public final class MobileVerificationModel: Model, @unchecked Sendable {
    public static let schema = "mobile_verifications"

    @ID public var id: UUID?
    @Field(key: "environment_id") public var environmentID: UUID
    @Field(key: "client_key_id") public var clientKeyID: UUID
    @Field(key: "product") public var product: MobileProduct
    @Field(key: "outcome") public var outcome: MobileOutcome
    /// Comma-separated reason codes of a fail.
    @OptionalField(key: "reasons") public var reasons: String?
    /// When the pass token stops being accepted; nil for a fail.
    @OptionalField(key: "token_expires_at") public var tokenExpiresAt: Int64?
    /// When the app's backend redeemed the token (it is single-use).
    @OptionalField(key: "token_used_at") public var tokenUsedAt: Int64?
    @Field(key: "created_at") public var createdAt: Int64

    public init() {}

    /// A new verification of `product` with its outcome; `reasons` are stored comma-separated (none: nil).
    public init(id: UUID, environmentID: UUID, clientKeyID: UUID, product: MobileProduct, outcome: MobileOutcome, reasons: [String],
                tokenExpiresAt: Int64? = nil, createdAt: Int64) {
        self.id = id
        self.environmentID = environmentID
        self.clientKeyID = clientKeyID
        self.product = product
        self.outcome = outcome
        self.reasons = reasons.isEmpty ? nil : reasons.joined(separator: ",")
        self.tokenExpiresAt = tokenExpiresAt
        self.createdAt = createdAt
    }
}
