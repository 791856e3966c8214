import Fluent

/// Every migration, in the order it must run. Append only: a landed migration
/// is never edited.
public enum VerityMigrations {
    public static let all: [any Migration] = [
        CreateTenants(),
        CreateEnvironments(),
        CreateAPIKeys(),
        CreateEndUsers(),
        CreateAccessTokens(),
        CreateIdentityVerifications(),
        CreateVerificationAttempts(),
        CreateRegistryRecords(),
        CreateConsentTexts(),
        CreateConsentEvents(),
        CreateAuditEvents(),
    ]
}
