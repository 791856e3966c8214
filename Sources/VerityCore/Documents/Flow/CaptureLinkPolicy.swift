/// The timing rules of a capture link: one expiry (`lifetimeSeconds` after it
/// is made, the `expiryEpochMs` the app is given) and a limit on openings.
///
/// - Opened before its expiry, within the limit: `captureLinkOpened`.
/// - Opened once more than the limit allows: `captureRetryLimitExceeded`.
/// - Opened at or after its expiry, or opened but not used by then:
///   `captureLinkTimeout` (not opened, or not finished, within the window).
/// - Never opened and past its expiry: `captureLinkExpired`.
public struct CaptureLinkPolicy: Sendable, Equatable, Codable {
    public var lifetimeSeconds: Int
    public var maximumOpens: Int

    public static let lifetimeRange = 300...86_400
    public static let opensRange = 1...20

    public init(lifetimeSeconds: Int = 3_600, maximumOpens: Int = 5) {
        self.lifetimeSeconds = lifetimeSeconds
        self.maximumOpens = maximumOpens
    }

    /// A link as stored: when it was made and how often it was opened.
    public struct Link: Sendable, Equatable {
        public var createdAt: Int64
        public var opens: Int

        public init(createdAt: Int64, opens: Int) {
            self.createdAt = createdAt
            self.opens = opens
        }
    }

    public func expiresAt(_ link: Link) -> Int64 { link.createdAt + Int64(lifetimeSeconds) * 1000 }

    /// What opening `link` at `now` is.
    public func opening(_ link: Link, now: Int64) -> DocumentVerificationEvent {
        if now >= expiresAt(link) { return .captureWindowClosed }
        return link.opens >= maximumOpens ? .captureLinkOpenedTooOften : .captureLinkOpened
    }

    /// What time alone has done to `link` by `now` (for a status read), or nil.
    public func lapse(_ link: Link, now: Int64) -> DocumentVerificationEvent? {
        guard now >= expiresAt(link) else { return nil }
        return link.opens == 0 ? .captureLinkExpired : .captureWindowClosed
    }

    public func validated() throws(VerityError) -> CaptureLinkPolicy {
        guard Self.lifetimeRange.contains(lifetimeSeconds) else {
            throw .invalid("captureLinkLifetimeSeconds", "a capture link lives \(Self.lifetimeRange.lowerBound)–\(Self.lifetimeRange.upperBound) seconds")
        }
        guard Self.opensRange.contains(maximumOpens) else {
            throw .invalid("captureLinkMaximumOpens", "a capture link may be opened \(Self.opensRange.lowerBound)–\(Self.opensRange.upperBound) times")
        }
        return self
    }
}
