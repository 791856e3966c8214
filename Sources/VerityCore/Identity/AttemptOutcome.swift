/// Where one PII attempt stands (`verification_attempts.outcome`): pending
/// until the data source answers, then its answer, or `unanswered` when it
/// never did (the attempt was abandoned).
public enum AttemptOutcome: String, Sendable, Codable, CaseIterable {
    case pending
    case matched, notMatched, deceased, fraudAlert
    case unanswered

    public init(_ answer: DataSourceOutcome) {
        switch answer {
        case .matched: self = .matched
        case .notMatched: self = .notMatched
        case .deceased: self = .deceased
        case .fraudAlert: self = .fraudAlert
        }
    }

    /// The data source's answer, once there is one.
    public var answer: DataSourceOutcome? { DataSourceOutcome(rawValue: rawValue) }
}
