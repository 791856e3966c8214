/// `accreditation.requested`: a user asked for accreditation at level 2–4.
public struct AccreditationRequested: WebhookPayload {
    public static let eventType = WebhookEventType.accreditationRequested

    public let entity: String
    public let requestId: String
    public let level: Int

    public init(entity: String, requestId: String, level: Int) {
        self.entity = entity
        self.requestId = requestId
        self.level = level
    }
}

/// `accreditation.approved`: an operator approved (the DIAC is made).
public struct AccreditationApproved: WebhookPayload {
    public static let eventType = WebhookEventType.accreditationApproved

    public let entity: String
    public let requestId: String
    public let level: Int
    /// The identity evidence recorded with the approval (levels 3 and 4; absent when none was).
    public let evidenceKind: AccreditationEvidenceKind?

    public init(entity: String, requestId: String, level: Int, evidenceKind: AccreditationEvidenceKind?) {
        self.entity = entity
        self.requestId = requestId
        self.level = level
        self.evidenceKind = evidenceKind
    }
}

/// `accreditation.rejected`: an operator rejected.
public struct AccreditationRejected: WebhookPayload {
    public static let eventType = WebhookEventType.accreditationRejected

    public let entity: String
    public let requestId: String
    public let level: Int

    public init(entity: String, requestId: String, level: Int) {
        self.entity = entity
        self.requestId = requestId
        self.level = level
    }
}

/// `certificate.issued`: a certificate was issued (level 1 at once, 2–4 by the job queue).
public struct CertificateIssued: WebhookPayload {
    public static let eventType = WebhookEventType.certificateIssued

    public let entity: String
    public let level: Int
    public let serialNumber: String
    public let notAfterEpochMs: Int64

    public init(entity: String, level: Int, serialNumber: String, notAfterEpochMs: Int64) {
        self.entity = entity
        self.level = level
        self.serialNumber = serialNumber
        self.notAfterEpochMs = notAfterEpochMs
    }
}

/// `certificate.revoked`: a certificate was given up or replaced.
public struct CertificateRevoked: WebhookPayload {
    public static let eventType = WebhookEventType.certificateRevoked

    public enum Reason: String, Codable, Sendable, CaseIterable {
        /// The user gave it up.
        case uncertified
        /// A new one was issued.
        case replaced
    }

    public let entity: String
    public let level: Int
    public let serialNumber: String
    public let reason: Reason

    public init(entity: String, level: Int, serialNumber: String, reason: Reason) {
        self.entity = entity
        self.level = level
        self.serialNumber = serialNumber
        self.reason = reason
    }
}
