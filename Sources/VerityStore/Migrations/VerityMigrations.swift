import Fluent

/// Every migration, in the order it must run. Append only: a landed migration
/// is never edited.
public enum VerityMigrations {
    public static let all: [any Migration] = [
        CreateTenants(),
        CreateEnvironments(),
        CreateAPIKeys(),
        CreateConsentTexts(),
        CreateEndUsers(),
        CreateAccessTokens(),
        CreateIdentityVerifications(),
        CreateVerificationAttempts(),
        CreateRegistryRecords(),
        CreateConsentEvents(),
        CreateAuditEvents(),
        CreateCertificationEntities(),
        CreateCheckpoints(),
        CreateCertificationDevices(),
        CreateDeviceCodes(),
        CreateDeviceTokens(),
        CreateCertificationLocks(),
        CreateRegistrations(),
        CreateAccreditationRequests(),
        CreateActivationCodes(),
        CreateUserCertificates(),
        CreateAuthenticationChallenges(),
        CreateTransactions(),
        CreateSMSOutbox(),
        CreateJobs(),
        CreateDocumentChecks(),
        CreateCaptureLinks(),
        CreateClientKeys(),
        CreateCredits(),
        CreateMobileVerifications(),
        CreateRateLimitWindows(),
        CreateMobileSessions(),
        CreateIdempotencyKeys(),
        CreateSanctionsEntries(),
        CreateResponseSigningKeys(),
        CreateOCRSessions(),
    ]
}
