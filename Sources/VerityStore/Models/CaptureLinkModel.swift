import Fluent
import Foundation

/// A user's live capture link (`initiateIdentityDocumentCapture`, `idScanUrl`).
/// A new link replaces the old one; a check started through the API or an
/// administrative reset removes it. After a final outcome it stays so the page
/// can still show the outcome, while the status machine refuses any other use. Only the token's SHA-256 is kept: the token itself is
/// derived from the link's id under the data key (`DataProtector.captureToken`),
/// so the server can show the link again and a copy of the database cannot.
public final class CaptureLinkModel: Model, @unchecked Sendable {
    public static let schema = "capture_links"

    @ID public var id: UUID?
    @Parent(key: "user_id") public var user: EndUserModel
    @Field(key: "environment_id") public var environmentID: UUID
    @Field(key: "token_hash") public var tokenHash: String
    @Field(key: "created_at") public var createdAt: Int64
    /// Times the capture page was opened with it.
    @Field(key: "opens") public var opens: Int
    /// Documents submitted with it (retakes after an unreadable result included).
    @Field(key: "submissions") public var submissions: Int

    public init() {}
}
