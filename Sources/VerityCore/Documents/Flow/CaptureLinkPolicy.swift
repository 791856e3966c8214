/// The timing rules of a capture link: one expiry (`lifetimeSeconds` after it
/// is made, the `expiryEpochMs` the app is given), a limit on openings and a
/// limit on submissions (a retake after an unreadable result is a submission).
///
/// - Opened before its expiry, within the limit: `captureLinkOpened`.
/// - Opened once more than the limit allows, or used to submit once more than
///   the submission limit allows: `captureRetryLimitExceeded`.
/// - Opened at or after its expiry, or opened but not used by then:
///   `captureLinkTimeout` (not opened, or not finished, within the window).
/// - Never opened and past its expiry: `captureLinkExpired`.
public struct CaptureLinkPolicy: Sendable, Equatable, Codable {
    public var lifetimeSeconds: Int
    public var maximumOpens: Int
    public var maximumSubmissions: Int

    public static let lifetimeRange = 300...86_400
    public static let opensRange = 1...20
    public static let submissionsRange = 1...10

    public init(lifetimeSeconds: Int = 3_600, maximumOpens: Int = 5, maximumSubmissions: Int = 3) {
        self.lifetimeSeconds = lifetimeSeconds
        self.maximumOpens = maximumOpens
        self.maximumSubmissions = maximumSubmissions
    }

    enum CodingKeys: String, CodingKey { case lifetimeSeconds, maximumOpens, maximumSubmissions }

    /// Settings stored before a field existed read with its default.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        lifetimeSeconds = try container.decodeIfPresent(Int.self, forKey: .lifetimeSeconds) ?? 3_600
        maximumOpens = try container.decodeIfPresent(Int.self, forKey: .maximumOpens) ?? 5
        maximumSubmissions = try container.decodeIfPresent(Int.self, forKey: .maximumSubmissions) ?? 3
    }

    /// A link as stored: when it was made, how often it was opened and used.
    public struct Link: Sendable, Equatable {
        public var createdAt: Int64
        public var opens: Int
        public var submissions: Int

        public init(createdAt: Int64, opens: Int, submissions: Int = 0) {
            self.createdAt = createdAt
            self.opens = opens
            self.submissions = submissions
        }
    }

    public func expiresAt(_ link: Link) -> Int64 { link.createdAt + Int64(lifetimeSeconds) * 1000 }

    /// What opening `link` at `now` is.
    public func opening(_ link: Link, now: Int64) -> DocumentVerificationEvent {
        if now >= expiresAt(link) { return .captureWindowClosed }
        return link.opens >= maximumOpens ? .captureLinkOpenedTooOften : .captureLinkOpened
    }

    /// What submitting through `link` at `now` is: `documentSubmitted`, or why not.
    public func submission(_ link: Link, now: Int64) -> DocumentVerificationEvent {
        if now >= expiresAt(link) { return .captureWindowClosed }
        return link.submissions >= maximumSubmissions ? .captureLinkOpenedTooOften : .documentSubmitted
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
        guard Self.submissionsRange.contains(maximumSubmissions) else {
            throw .invalid("captureLinkMaximumSubmissions",
                           "a capture link may be used to submit \(Self.submissionsRange.lowerBound)–\(Self.submissionsRange.upperBound) times")
        }
        return self
    }
}
