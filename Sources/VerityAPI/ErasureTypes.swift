import Foundation

/// The answer to `DELETE /admin/v1/users/{userRef}`: the user is gone. Keep
/// `erasureId` on your side; Verity's audit trail records the erasure by it
/// and names nobody.
public struct UserErasure: Codable, Sendable, Equatable {
    public var erasureId: String
    public var erasedAtEpochMs: Int64
    /// What was removed, counted before it went.
    public var removed: ErasedRecords

    public init(erasureId: String, erasedAtEpochMs: Int64, removed: ErasedRecords) {
        self.erasureId = erasureId
        self.erasedAtEpochMs = erasedAtEpochMs
        self.removed = removed
    }
}

/// Counts of an erased user's records, by kind.
public struct ErasedRecords: Codable, Sendable, Equatable {
    public var verificationAttempts: Int
    public var documentChecks: Int
    public var consentEvents: Int
    /// Certification registrations (one per entity).
    public var registrations: Int
    /// Certificates that were live and are now revoked (they stay on the CRL by serial).
    public var certificatesRevoked: Int
    /// Level-4 tokens given up: `verity hsm wipe` destroys them (the only
    /// holder of the SO PIN); until then their keys open only with the
    /// user's password, which Verity never stored, and their certificates are revoked.
    public var hsmTokensToWipe: Int
    public var ocrSessions: Int
    /// Webhook events not yet delivered, or kept as the delivery log, about the user.
    public var webhookEvents: Int
    public var reviewCases: Int

    public init(verificationAttempts: Int, documentChecks: Int, consentEvents: Int, registrations: Int, certificatesRevoked: Int,
                hsmTokensToWipe: Int, ocrSessions: Int, webhookEvents: Int, reviewCases: Int) {
        self.verificationAttempts = verificationAttempts
        self.documentChecks = documentChecks
        self.consentEvents = consentEvents
        self.registrations = registrations
        self.certificatesRevoked = certificatesRevoked
        self.hsmTokensToWipe = hsmTokensToWipe
        self.ocrSessions = ocrSessions
        self.webhookEvents = webhookEvents
        self.reviewCases = reviewCases
    }
}
