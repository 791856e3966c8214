/// `identity_verification.decided`: a PII attempt settled with the data source's answer.
public struct IdentityVerificationDecided: WebhookPayload {
    public static let eventType = WebhookEventType.identityVerificationDecided

    public enum Decision: String, Codable, Sendable, CaseIterable {
        case verified, blocked, failed
        case retryAllowed = "retry_allowed"
        case governmentIDRequired = "government_id_required"
    }

    public let attemptId: String
    public let decision: Decision
    public let verificationMethod: VerificationMethod
    public let requiredVerificationMethod: VerificationMethod
    public let attemptsRemaining: Int

    public init(attemptId: String, decision: Decision, verificationMethod: VerificationMethod,
                requiredVerificationMethod: VerificationMethod, attemptsRemaining: Int) {
        self.attemptId = attemptId
        self.decision = decision
        self.verificationMethod = verificationMethod
        self.requiredVerificationMethod = requiredVerificationMethod
        self.attemptsRemaining = attemptsRemaining
    }
}

/// Who settled an outcome: the engines, or a person in the console.
public enum DecidedBy: String, Codable, Sendable, CaseIterable {
    case engine, reviewer
}

/// `document_check.completed`: a document check settled (also when given up), by the engines or a reviewer.
public struct DocumentCheckCompleted: WebhookPayload {
    public static let eventType = WebhookEventType.documentCheckCompleted

    public let checkId: String
    public let outcome: DocumentCheckOutcome
    /// Failure codes, comma-separated (empty when it succeeded).
    public let reasons: String
    public let documentType: DocumentType
    public let documentVerificationStatus: DocumentVerificationStatus
    public let decidedBy: DecidedBy
    /// When the app sent the chip's files (`docs/chip.md`): whether passive
    /// authentication held whole, its `CHIP_…` codes (comma-separated, empty
    /// when nothing fell short) and Active Authentication's result
    /// (`verified`, `failed`, `not_performed`, `not_offered`, `key_unreadable`).
    /// Absent without a chip. Flat, as every webhook's data is.
    public let chipAuthentic: Bool?
    public let chipReasons: String?
    public let chipActiveAuthentication: String?

    public init(checkId: String, outcome: DocumentCheckOutcome, reasons: [String], documentType: DocumentType,
                documentVerificationStatus: DocumentVerificationStatus, decidedBy: DecidedBy, chip: ChipReport? = nil) {
        self.checkId = checkId
        self.outcome = outcome
        self.reasons = reasons.joined(separator: ",")
        self.documentType = documentType
        self.documentVerificationStatus = documentVerificationStatus
        self.decidedBy = decidedBy
        chipAuthentic = chip?.authentic
        chipReasons = chip.map { $0.reasons.map(\.rawValue).joined(separator: ",") }
        chipActiveAuthentication = chip?.activeAuthentication
    }
}

/// `document_check.review_required`: the engines held a check for a person.
public struct DocumentCheckReviewRequired: WebhookPayload {
    public static let eventType = WebhookEventType.documentCheckReviewRequired

    public let checkId: String
    /// Why it waits (`FIELDS_TO_REVIEW`, `FRAUD_SIGNALS`, `FACE_NEAR_THRESHOLD`), comma-separated.
    public let reasons: String
    public let documentType: DocumentType
    public let documentVerificationStatus: DocumentVerificationStatus

    public init(checkId: String, reasons: [String], documentType: DocumentType, documentVerificationStatus: DocumentVerificationStatus) {
        self.checkId = checkId
        self.reasons = reasons.joined(separator: ",")
        self.documentType = documentType
        self.documentVerificationStatus = documentVerificationStatus
    }
}

/// `document_check.decided`: a reviewer approved or rejected a held check (sent with its `document_check.completed`).
public struct DocumentCheckDecided: WebhookPayload {
    public static let eventType = WebhookEventType.documentCheckDecided

    public let checkId: String
    public let decision: ReviewVerdict
    /// The code the reviewer picked.
    public let reason: String
    public let outcome: DocumentCheckOutcome
    public let documentVerificationStatus: DocumentVerificationStatus

    public init(checkId: String, decision: ReviewVerdict, reason: String, outcome: DocumentCheckOutcome,
                documentVerificationStatus: DocumentVerificationStatus) {
        self.checkId = checkId
        self.decision = decision
        self.reason = reason
        self.outcome = outcome
        self.documentVerificationStatus = documentVerificationStatus
    }
}

/// `capture_link.opened`: the capture page opened through a link, and counted.
public struct CaptureLinkOpened: WebhookPayload {
    public static let eventType = WebhookEventType.captureLinkOpened

    public let linkId: String

    public init(linkId: String) { self.linkId = linkId }
}

/// `capture_link.expired`: a link's time ran out with its user still waiting on it.
public struct CaptureLinkExpired: WebhookPayload {
    public static let eventType = WebhookEventType.captureLinkExpired

    public enum Reason: String, Codable, Sendable, CaseIterable {
        /// Never opened.
        case expired
        /// Opened, not finished.
        case timeout
    }

    public let linkId: String
    public let reason: Reason

    public init(linkId: String, reason: Reason) {
        self.linkId = linkId
        self.reason = reason
    }
}
