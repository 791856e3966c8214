import Fluent
import Foundation

/// A finished mobile session's images, sealed again for the reviewer of its
/// case: the row's id is the verification's (the cases' subject), and each
/// image is sealed at its own place here, not the session's.
public final class MobileReviewImagesModel: Model, @unchecked Sendable {
    public static let schema = "mobile_review_images"

    @ID public var id: UUID?
    @Field(key: "environment_id") public var environmentID: UUID
    @OptionalField(key: "sealed_selfie") public var sealedSelfie: Data?
    @OptionalField(key: "sealed_front") public var sealedFront: Data?
    @OptionalField(key: "sealed_back") public var sealedBack: Data?
    /// When the session ended: the held-images retention counts from here.
    @Field(key: "held_at") public var heldAt: Int64

    public init() {}

    public init(verificationID: UUID, environmentID: UUID, sealedSelfie: Data?, sealedFront: Data?, sealedBack: Data?, heldAt: Int64) {
        id = verificationID
        self.environmentID = environmentID
        self.sealedSelfie = sealedSelfie
        self.sealedFront = sealedFront
        self.sealedBack = sealedBack
        self.heldAt = heldAt
    }
}
