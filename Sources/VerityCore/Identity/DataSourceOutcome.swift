/// Why a user may not try again, whatever attempts remain.
public enum VerificationBlock: String, Sendable, Codable, CaseIterable {
    /// The PII belongs to a person recorded as deceased.
    case deceased
    /// The data source flags the identity for suspected fraud.
    case fraudAlert
}

/// What a trusted data source says about a claim.
public enum DataSourceOutcome: String, Sendable, Codable, CaseIterable {
    case matched
    case notMatched
    case deceased
    case fraudAlert

    public var block: VerificationBlock? {
        switch self {
        case .deceased: .deceased
        case .fraudAlert: .fraudAlert
        case .matched, .notMatched: nil
        }
    }
}
