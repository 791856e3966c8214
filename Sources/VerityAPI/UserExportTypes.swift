import Foundation

/// `GET /admin/v1/users/{userRef}/export`: everything Verity holds on one
/// user, opened, as one document (the right of access). Each field is
/// described in `docs/operations.md`. Times are epoch milliseconds.
public struct UserExport: Codable, Sendable, Equatable {
    public var userRef: String
    /// `test` or `live`.
    public var environment: String
    public var exportedAtEpochMs: Int64
    /// When the integrator first named the user.
    public var createdAtEpochMs: Int64
    /// The phone number and e-mail address the integrator's backend filed.
    public var phoneNumber: String?
    public var email: String?
    public var consent: ExportedConsent
    /// The verification state, as `GET …/identity-verification` answers it.
    public var identityVerification: VerifiedIdentity
    /// The PII of the last verification attempt, kept to match a document against it.
    public var claimOnFile: ExportedClaim?
    public var verificationAttempts: [ExportedAttempt]
    public var documentChecks: [ExportedDocumentCheck]
    /// Devices whose phone number the user verified by SMS code (certification).
    public var devices: [ExportedDevice]
    /// One registration per certification entity.
    public var certification: [ExportedRegistration]
    public var ocrSessions: [ExportedOCRSession]
    /// What administrators did about the user.
    public var auditEvents: [ExportedAuditEvent]

    public init(userRef: String, environment: String, exportedAtEpochMs: Int64, createdAtEpochMs: Int64, phoneNumber: String?,
                email: String?, consent: ExportedConsent, identityVerification: VerifiedIdentity, claimOnFile: ExportedClaim?,
                verificationAttempts: [ExportedAttempt], documentChecks: [ExportedDocumentCheck], devices: [ExportedDevice],
                certification: [ExportedRegistration],
                ocrSessions: [ExportedOCRSession], auditEvents: [ExportedAuditEvent]) {
        self.userRef = userRef
        self.environment = environment
        self.exportedAtEpochMs = exportedAtEpochMs
        self.createdAtEpochMs = createdAtEpochMs
        self.phoneNumber = phoneNumber
        self.email = email
        self.consent = consent
        self.identityVerification = identityVerification
        self.claimOnFile = claimOnFile
        self.verificationAttempts = verificationAttempts
        self.documentChecks = documentChecks
        self.devices = devices
        self.certification = certification
        self.ocrSessions = ocrSessions
        self.auditEvents = auditEvents
    }
}

public struct ExportedConsent: Codable, Sendable, Equatable {
    public var consented: Bool
    public var consentedAtEpochMs: Int64?
    public var withdrawnAtEpochMs: Int64?
    /// Every consent given or withdrawn, oldest first.
    public var history: [ExportedConsentEvent]

    public init(consented: Bool, consentedAtEpochMs: Int64?, withdrawnAtEpochMs: Int64?, history: [ExportedConsentEvent]) {
        self.consented = consented
        self.consentedAtEpochMs = consentedAtEpochMs
        self.withdrawnAtEpochMs = withdrawnAtEpochMs
        self.history = history
    }
}

public struct ExportedConsentEvent: Codable, Sendable, Equatable {
    /// `given` or `withdrawn`.
    public var action: String
    public var atEpochMs: Int64
    /// The consent text's language and content, for a consent given.
    public var locale: String?
    public var text: String?

    public init(action: String, atEpochMs: Int64, locale: String?, text: String?) {
        self.action = action
        self.atEpochMs = atEpochMs
        self.locale = locale
        self.text = text
    }
}

public struct ExportedClaim: Codable, Sendable, Equatable {
    public var firstName: String
    public var lastName: String
    public var address: String
    public var city: String?
    public var state: String?
    public var postalCode: String
    public var country: String
    public var dateOfBirth: String

    public init(firstName: String, lastName: String, address: String, city: String?, state: String?, postalCode: String,
                country: String, dateOfBirth: String) {
        self.firstName = firstName
        self.lastName = lastName
        self.address = address
        self.city = city
        self.state = state
        self.postalCode = postalCode
        self.country = country
        self.dateOfBirth = dateOfBirth
    }
}

public struct ExportedAttempt: Codable, Sendable, Equatable {
    /// The data source asked (`registry`, `bureau`).
    public var source: String
    /// What the data source said: `matched`, `notMatched`, `deceased`, `fraudAlert`;
    /// `unanswered` when it could not answer, or its server stopped before it did
    /// (the attempt was given back); `pending` while not settled.
    public var outcome: String
    public var attemptedAtEpochMs: Int64
    public var settledAtEpochMs: Int64?

    public init(source: String, outcome: String, attemptedAtEpochMs: Int64, settledAtEpochMs: Int64?) {
        self.source = source
        self.outcome = outcome
        self.attemptedAtEpochMs = attemptedAtEpochMs
        self.settledAtEpochMs = settledAtEpochMs
    }
}

public struct ExportedDocumentCheck: Codable, Sendable, Equatable {
    public var checkId: String
    /// `verification` (matched against the PII on file) or `capture` (against the data source).
    public var flow: String
    public var documentType: String
    public var country: String
    public var status: String
    public var reasons: [String]
    public var submittedAtEpochMs: Int64
    public var finishedAtEpochMs: Int64?
    /// The fields read from the document (`document_number`, `surname`, …).
    public var fields: [String: String]
    /// The images still kept (a check waiting or held for review), base64; none once a check ends.
    public var images: [String: String]

    public init(checkId: String, flow: String, documentType: String, country: String, status: String, reasons: [String],
                submittedAtEpochMs: Int64, finishedAtEpochMs: Int64?, fields: [String: String], images: [String: String]) {
        self.checkId = checkId
        self.flow = flow
        self.documentType = documentType
        self.country = country
        self.status = status
        self.reasons = reasons
        self.submittedAtEpochMs = submittedAtEpochMs
        self.finishedAtEpochMs = finishedAtEpochMs
        self.fields = fields
        self.images = images
    }
}

public struct ExportedRegistration: Codable, Sendable, Equatable {
    public var entity: String
    public var status: String
    public var accreditedLevel: Int?
    public var registeredAtEpochMs: Int64
    /// The fields the user registered with.
    public var fields: [String: String]
    public var certificates: [ExportedCertificate]
    public var transactions: [ExportedTransaction]

    public init(entity: String, status: String, accreditedLevel: Int?, registeredAtEpochMs: Int64, fields: [String: String],
                certificates: [ExportedCertificate], transactions: [ExportedTransaction]) {
        self.entity = entity
        self.status = status
        self.accreditedLevel = accreditedLevel
        self.registeredAtEpochMs = registeredAtEpochMs
        self.fields = fields
        self.certificates = certificates
        self.transactions = transactions
    }
}

public struct ExportedDevice: Codable, Sendable, Equatable {
    public var phoneNumber: String
    public var createdAtEpochMs: Int64
    public var verifiedAtEpochMs: Int64?

    public init(phoneNumber: String, createdAtEpochMs: Int64, verifiedAtEpochMs: Int64?) {
        self.phoneNumber = phoneNumber
        self.createdAtEpochMs = createdAtEpochMs
        self.verifiedAtEpochMs = verifiedAtEpochMs
    }
}

public struct ExportedCertificate: Codable, Sendable, Equatable {
    public var serialNumber: String?
    public var level: Int
    /// `pending`, `issued`, `failed` or `revoked`.
    public var status: String
    public var requestedAtEpochMs: Int64
    public var issuedAtEpochMs: Int64?
    public var notAfterEpochMs: Int64?
    public var revokedAtEpochMs: Int64?
    public var certificatePEM: String?

    public init(serialNumber: String?, level: Int, status: String, requestedAtEpochMs: Int64, issuedAtEpochMs: Int64?,
                notAfterEpochMs: Int64?, revokedAtEpochMs: Int64?, certificatePEM: String?) {
        self.serialNumber = serialNumber
        self.level = level
        self.status = status
        self.requestedAtEpochMs = requestedAtEpochMs
        self.issuedAtEpochMs = issuedAtEpochMs
        self.notAfterEpochMs = notAfterEpochMs
        self.revokedAtEpochMs = revokedAtEpochMs
        self.certificatePEM = certificatePEM
    }
}

public struct ExportedTransaction: Codable, Sendable, Equatable {
    public var id: String
    public var reference: String
    public var summary: String
    public var details: [String: String]
    public var status: String
    public var createdAtEpochMs: Int64
    public var decidedAtEpochMs: Int64?

    public init(id: String, reference: String, summary: String, details: [String: String], status: String, createdAtEpochMs: Int64,
                decidedAtEpochMs: Int64?) {
        self.id = id
        self.reference = reference
        self.summary = summary
        self.details = details
        self.status = status
        self.createdAtEpochMs = createdAtEpochMs
        self.decidedAtEpochMs = decidedAtEpochMs
    }
}

public struct ExportedOCRSession: Codable, Sendable, Equatable {
    public var sessionId: String
    public var createdAtEpochMs: Int64
    public var finishedAtEpochMs: Int64?

    public init(sessionId: String, createdAtEpochMs: Int64, finishedAtEpochMs: Int64?) {
        self.sessionId = sessionId
        self.createdAtEpochMs = createdAtEpochMs
        self.finishedAtEpochMs = finishedAtEpochMs
    }
}

public struct ExportedAuditEvent: Codable, Sendable, Equatable {
    public var action: String
    /// `key:<prefix>`, `cli` or `operator:<id>`.
    public var actor: String
    public var atEpochMs: Int64
    public var reason: String?

    public init(action: String, actor: String, atEpochMs: Int64, reason: String?) {
        self.action = action
        self.actor = actor
        self.atEpochMs = atEpochMs
        self.reason = reason
    }
}
