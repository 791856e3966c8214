import Fluent
import Foundation

/// Lockout state of one user's certification: wrong SMS codes, and wrong
/// activation codes or level-4 passwords, in a row; and when the user was
/// locked (an operator unlocks).
public final class CertificationLockModel: Model, @unchecked Sendable {
    public static let schema = "cert_locks"

    @ID public var id: UUID?
    @Parent(key: "user_id") public var user: EndUserModel
    @Field(key: "wrong_codes") public var wrongCodes: Int
    @Field(key: "wrong_secrets") public var wrongSecrets: Int
    @OptionalField(key: "locked_at") public var lockedAt: Int64?

    public init() {}

    public init(userID: UUID) {
        self.$user.id = userID
        self.wrongCodes = 0
        self.wrongSecrets = 0
    }
}
