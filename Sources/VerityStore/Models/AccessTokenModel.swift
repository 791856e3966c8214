import Fluent
import Foundation

/// A minted end-user token, kept (as the hash of its id) so it can be revoked.
public final class AccessTokenModel: Model, @unchecked Sendable {
    public static let schema = "access_tokens"

    @ID public var id: UUID?
    @Parent(key: "user_id") public var user: EndUserModel
    @Field(key: "token_id_hash") public var tokenIDHash: String
    @Field(key: "expires_at") public var expiresAt: Int64
    @OptionalField(key: "revoked_at") public var revokedAt: Int64?
    @Field(key: "created_at") public var createdAt: Int64

    public init() {}

    public init(userID: UUID, tokenIDHash: String, expiresAt: Int64, createdAt: Int64) {
        self.$user.id = userID
        self.tokenIDHash = tokenIDHash
        self.expiresAt = expiresAt
        self.createdAt = createdAt
    }
}
