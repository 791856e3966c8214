/// What a person is asked to decide. A kind belongs to the feature that opens
/// its cases: that feature declares it (beside its domain, here in
/// VerityCore, when the store needs to name it) and registers the server's
/// `ReviewCaseHandler` for it. The console knows kinds only as values.
public struct ReviewCaseKind: RawRepresentable, Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
    /// The value in `review_cases.kind`, the queue's counts and the words' keys (`kind_…`).
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }

    public var description: String { rawValue }

    public static func < (left: ReviewCaseKind, right: ReviewCaseKind) -> Bool { left.rawValue < right.rawValue }
}

/// A reviewer's answer to a case.
public enum ReviewDecision: String, Sendable, Codable, CaseIterable {
    case approve, reject
}

/// A reviewer's free text beside a decision's reason, kept in the audit trail
/// (whose reason column holds the code, a colon and this).
public enum ReviewNote {
    public static let maximumLength = 400
}

/// How long a claim hides a case from other reviewers.
public enum ReviewClaim {
    public static let milliseconds: Int64 = 15 * 60 * 1000
}
