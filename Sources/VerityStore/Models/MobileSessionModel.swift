import Fluent
import Foundation
import VerityCore

/// One multi-step mobile session. The public id (`msess_test_…`) is a bearer
/// within its environment, so only its SHA-256 is kept. State and images are
/// sealed (AES-GCM) and set to NULL when the session ends or expires.
public final class MobileSessionModel: Model, @unchecked Sendable {
    public static let schema = "mobile_sessions"

    @ID public var id: UUID?
    @Field(key: "token_hash") public var tokenHash: String
    @Field(key: "environment_id") public var environmentID: UUID
    @Field(key: "client_key_id") public var clientKeyID: UUID
    @Field(key: "product") public var product: MobileProduct
    /// Nil once the session has an outcome, or expired.
    @OptionalField(key: "next_step") public var nextStep: MobileStep?
    @OptionalField(key: "outcome") public var outcome: MobileOutcome?

    /// Expired unfinished: no step due and no outcome. Such a row keeps only
    /// who it belongs to, so it can answer `SESSION_EXPIRED` until the
    /// environment's result retention ends (`MobileSessionRepository.purge`).
    public var isExpired: Bool { nextStep == nil && outcome == nil }
    @OptionalField(key: "sealed_state") public var sealedState: Data?
    @OptionalField(key: "sealed_selfie") public var sealedSelfie: Data?
    @OptionalField(key: "sealed_front") public var sealedFront: Data?
    @OptionalField(key: "sealed_back") public var sealedBack: Data?
    /// The `mobile_verifications` row its outcome was recorded (and charged) as.
    @OptionalField(key: "verification_id") public var verificationID: UUID?
    @Field(key: "created_at") public var createdAt: Int64
    @Field(key: "last_activity_at") public var lastActivityAt: Int64

    public init() {}
}
