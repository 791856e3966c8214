import Fluent
import Foundation

/// One person's data key: 32 random bytes under which their PII, images and
/// results are sealed, kept only wrapped (AES-GCM) under their environment's
/// data key. Deleting the row is the erasure: whatever was sealed under it,
/// in this database, its write-ahead log or a copy of either, can no longer
/// be opened.
public final class PersonKeyModel: Model, @unchecked Sendable {
    public static let schema = "person_keys"

    /// The end user's id.
    @ID(custom: "user_id", generatedBy: .user) public var id: UUID?
    @Field(key: "environment_id") public var environmentID: UUID
    @Field(key: "wrapped_key") public var wrappedKey: Data
    /// Which data key wrapped it (`DataProtector.keyID`), so a rotation knows what is left to re-wrap.
    @Field(key: "wrapped_by") public var wrappedBy: String
    @Field(key: "created_at") public var createdAt: Int64

    public init() {}
}
