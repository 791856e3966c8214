/// How many requests one credential may make in a minute, counted in the
/// database so every server shares the count; beyond it, 429 `RATE_LIMITED`
/// with `Retry-After`. (The mobile API's client keys have their own,
/// `MobileSettings.requestsPerMinute`.)
public struct RequestLimits: Sendable, Equatable, Codable {
    /// Per end-user token, on the routes behind it (`/v1/identity`: PII,
    /// consent, documents, OCR), and per credential on `/v1/certification`
    /// (a device token, or the user token, counted apart from its identity requests). A user's app polls its status now and then;
    /// ten a second is a client gone wrong or a stolen token.
    public var userTokenRequestsPerMinute: Int
    /// Per secret key, on `/admin/v1`: a backend minting tokens and reading
    /// outcomes for many users at once.
    public var secretKeyRequestsPerMinute: Int

    public static let range = 1...1_000_000

    public init(userTokenRequestsPerMinute: Int = 600, secretKeyRequestsPerMinute: Int = 6_000) {
        self.userTokenRequestsPerMinute = userTokenRequestsPerMinute
        self.secretKeyRequestsPerMinute = secretKeyRequestsPerMinute
    }

    public func validated() throws(VerityError) -> RequestLimits {
        guard Self.range.contains(userTokenRequestsPerMinute) else {
            throw .invalid("userTokenRequestsPerMinute", "requests per minute are 1–1,000,000")
        }
        guard Self.range.contains(secretKeyRequestsPerMinute) else {
            throw .invalid("secretKeyRequestsPerMinute", "requests per minute are 1–1,000,000")
        }
        return self
    }
}
