import Fluent
import Foundation
import VerityCore

/// One submission of document images and what became of it. The images are
/// sealed while the check waits and set to NULL in the transaction that
/// settles it; the evidence (the `DocumentReport` and the selfie's
/// measurements, never an embedding) is sealed too, as it holds PII.
public final class DocumentCheckModel: Model, @unchecked Sendable {
    public static let schema = "document_checks"

    @ID public var id: UUID?
    @Parent(key: "user_id") public var user: EndUserModel
    @Field(key: "environment_id") public var environmentID: UUID
    /// `verification` (verifyIdentityDocument) or `capture` (captureAndVerify, the capture page).
    @Field(key: "flow") public var flow: DocumentFlow
    @Field(key: "document_type") public var documentType: DocumentType
    @Field(key: "country") public var country: String
    /// `pending`, `succeeded`, `failed` or `unreadable`; `review` while a
    /// reviewer decides (the images are kept until then), `withdrawn` when
    /// its user was reset meanwhile.
    @Field(key: "status") public var status: DocumentCheckStatus
    @OptionalField(key: "sealed_front") public var sealedFront: Data?
    @OptionalField(key: "sealed_back") public var sealedBack: Data?
    @OptionalField(key: "sealed_face") public var sealedFace: Data?
    /// The chip's evidence (files, Active Authentication answer), sealed; erased with the images.
    @OptionalField(key: "sealed_chip") public var sealedChip: Data?
    /// DG2's face as a PNG, for a reviewer: written only when the check is held.
    @OptionalField(key: "sealed_chip_face") public var sealedChipFace: Data?
    /// Stable reason codes, comma-separated (`DOCUMENT_EXPIRED,FACE_MISMATCH`).
    @OptionalField(key: "reasons") public var reasons: String?
    @OptionalField(key: "sealed_evidence") public var sealedEvidence: Data?
    @Field(key: "created_at") public var createdAt: Int64
    @OptionalField(key: "finished_at") public var finishedAt: Int64?

    public init() {}
}
