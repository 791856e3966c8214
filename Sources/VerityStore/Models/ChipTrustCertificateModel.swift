import Fluent
import Foundation

/// A CSCA or link certificate a tenant trusts for passive authentication
/// (`CreateChipTrustCertificates`): from a master list whose signature was
/// checked, or imported alone. Public data: nothing here is sealed.
public final class ChipTrustCertificateModel: Model, @unchecked Sendable {
    public static let schema = "chip_trust_certificates"

    @ID public var id: UUID?
    @Field(key: "tenant_id") public var tenantID: UUID
    /// SHA-256 of the certificate, hex: one row per certificate and tenant.
    @Field(key: "fingerprint") public var fingerprint: String
    /// The subject's name key: a Document Signer's issuer finds its CSCA by it.
    @Field(key: "subject_key") public var subjectKey: String
    /// The subject key identifier, hex: a Document Signer's authority key identifier finds it.
    @OptionalField(key: "key_identifier") public var keyIdentifier: String?
    @Field(key: "subject") public var subject: String
    @OptionalField(key: "country") public var country: String?
    @Field(key: "serial_number") public var serialNumber: String
    @Field(key: "key_summary") public var keySummary: String
    @Field(key: "not_before") public var notBefore: Int64
    @Field(key: "not_after") public var notAfter: Int64
    /// Issued by another key of the same state (a link certificate).
    @Field(key: "is_link") public var isLink: Bool
    /// What it came with: "master list signed by …", "certificate".
    @Field(key: "source") public var source: String
    @Field(key: "encoded") public var encoded: Data
    @Field(key: "imported_at") public var importedAt: Int64

    public init() {}
}

/// A CSCA's revocation list a tenant imported (`CreateChipRevocationLists`):
/// the newest of each issuer is kept.
public final class ChipRevocationListModel: Model, @unchecked Sendable {
    public static let schema = "chip_revocation_lists"

    @ID public var id: UUID?
    @Field(key: "tenant_id") public var tenantID: UUID
    @Field(key: "issuer_key") public var issuerKey: String
    @Field(key: "issuer") public var issuer: String
    @Field(key: "this_update") public var thisUpdate: Int64
    @OptionalField(key: "next_update") public var nextUpdate: Int64?
    @Field(key: "revoked_count") public var revokedCount: Int
    @Field(key: "encoded") public var encoded: Data
    @Field(key: "imported_at") public var importedAt: Int64

    public init() {}
}
