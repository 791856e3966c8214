/// Levels of identity verification, weakest first. The same type on the wire
/// (`VerifiedIdentity.verificationMethod`) and in the rules.
public enum VerificationMethod: String, Sendable, Codable, CaseIterable, Comparable {
    /// Not verified at all.
    case none = "NONE"
    /// Verified by name, address and date of birth against a trusted source.
    case knowledgeOfPII = "KNOWLEDGE_OF_PII"
    /// Verified with a government-issued identity document.
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
    /// A driver's licence.
    case driverLicense
    /// A passport (photo page).
    case passport
    /// A national identity card.
    case idCard
}

/// Where a user's identity-document verification stands (the spec's table).
public enum DocumentVerificationStatus: String, Sendable, Codable, CaseIterable {
    /// The required method needs no document.
    case notRequired
    /// A document is required and none was submitted yet.
    case notAttempted
    /// A capture link was made but not opened.
    case captureInitiated
    /// The capture link was opened; nothing was submitted yet.
    case captureLinkOpened
    /// The capture link was opened too many times.
    case captureRetryLimitExceeded
    /// The capture link was not opened in time.
    case captureLinkTimeout
    /// The capture link was never opened and expired.
    case captureLinkExpired
    /// Verification is in progress: check again with `checkIdentityVerification()`.
    case pending
    /// The images could not be processed.
    case documentUnreadable
    /// The document verified the user. Final.
    case succeeded
    /// The document did not verify the user. Final.
    case failed
}
