/// Levels of identity verification, weakest first.
public enum VerificationMethod: String, Sendable, Codable, CaseIterable, Comparable {
    case none = "NONE"
    case knowledgeOfPII = "KNOWLEDGE_OF_PII"
    case governmentID = "GOVERNMENT_ID"

    var level: Int {
        switch self {
        case .none: 0
        case .knowledgeOfPII: 1
        case .governmentID: 2
        }
    }

    public static func < (lhs: VerificationMethod, rhs: VerificationMethod) -> Bool { lhs.level < rhs.level }
}

/// Government documents a user may be asked for.
public enum DocumentType: String, Sendable, Codable, CaseIterable {
    case driverLicense, passport, idCard
}

/// Where a user's document verification stands (the spec's table).
public enum DocumentVerificationStatus: String, Sendable, Codable, CaseIterable {
    case notRequired, notAttempted, captureInitiated, captureLinkOpened, captureRetryLimitExceeded
    case captureLinkTimeout, captureLinkExpired, pending, documentUnreadable, succeeded, failed
}

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
