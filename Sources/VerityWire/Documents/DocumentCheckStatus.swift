/// Where one document check is (`document_checks.status`, and the status
/// answer's `documentCheck.status`).
public enum DocumentCheckStatus: String, Sendable, Codable, CaseIterable {
    /// The engines are at work on it.
    case pending
    /// Held for a person in the console.
    case review
    case succeeded, failed, unreadable
    /// Taken back while it waited for a reviewer (the user was reset).
    case withdrawn

    /// The status a settled check takes.
    public init(_ outcome: DocumentCheckOutcome) {
        switch outcome {
        case .succeeded: self = .succeeded
        case .failed: self = .failed
        case .unreadable: self = .unreadable
        }
    }
}

/// How a document check ended (`document_check.completed`'s `outcome`).
public enum DocumentCheckOutcome: String, Codable, Sendable, CaseIterable {
    case succeeded, failed, unreadable
}
