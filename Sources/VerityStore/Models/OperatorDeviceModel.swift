import Fluent
import Foundation

/// A browser an operator signed in from (the console's device cookie): kept
/// by the SHA-256 of the cookie's token, with a coarse label of the browser
/// (never its address or full user agent), so the operator can see each one
/// and revoke it. A known device is never made to wait after a stranger's
/// failures (`SignInGuard`).
public final class OperatorDeviceModel: Model, @unchecked Sendable {
    public static let schema = "operator_devices"

    @ID public var id: UUID?
    @Parent(key: "operator_id") public var `operator`: OperatorModel
    @Field(key: "token_hash") public var tokenHash: String
    /// "Firefox on Linux": what the operator's page names it by.
    @Field(key: "label") public var label: String
    @Field(key: "created_at") public var createdAt: Int64
    @Field(key: "last_used_at") public var lastUsedAt: Int64
    @Field(key: "expires_at") public var expiresAt: Int64

    public init() {}
}
