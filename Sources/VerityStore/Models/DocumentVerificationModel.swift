import Fluent
import VerityCore
import Foundation

/// Where one user's document verification stands: the status machine's
/// stored value, the check running or last run, and the PII claim of the last
/// attempt, sealed, for matching a document against (erased when document
/// verification ends).
public final class DocumentVerificationModel: Model, @unchecked Sendable {
    public static let schema = "document_verifications"

    @ID public var id: UUID?
    @Parent(key: "user_id") public var user: EndUserModel
    @Field(key: "environment_id") public var environmentID: UUID
    /// A `DocumentVerificationStatus` raw value; nil before any document event.
    @OptionalField(key: "status") public var status: DocumentVerificationStatus?
    /// AES-GCM of the last PII claim's JSON (`DataProtector.seal`).
    @OptionalField(key: "sealed_claim") public var sealedClaim: Data?
    @OptionalField(key: "current_check_id") public var currentCheckID: UUID?
    @Field(key: "updated_at") public var updatedAt: Int64

    public init() {}
}
