import Fluent
import Foundation

/// A certificate asked for by a user, from request to revocation. Levels 2–4
/// are issued by a `certificate.issue` job (`JobQueue`) queued with the row.
public final class UserCertificateModel: Model, @unchecked Sendable {
    public static let schema = "cert_certificates"

    @ID public var id: UUID?
    @Parent(key: "registration_id") public var registration: RegistrationModel
    @Field(key: "level") public var level: Int
    /// `pending`, `issued`, `failed` or `revoked`.
    /// Stored as its raw text.
    @Field(key: "status") public var status: Status
    /// The P-256 public key (X9.63) the certificate is for.
    @Field(key: "public_key") public var publicKey: Data
    /// The CSR (DER) for device keys, sealed under the holder's key (it names
    /// them); nil for HSM keys. Rows from before hold it in clear until the
    /// housekeeping sweep seals it (`csrDER(reader:)` reads either).
    @OptionalField(key: "csr") public var csr: Data?
    /// Level 4: the HSM token and key label holding the private key.
    @OptionalField(key: "hsm_token") public var hsmToken: String?
    @OptionalField(key: "serial") public var serial: String?
    /// The certificate in clear, as releases before issue 47 kept it: nil
    /// for every certificate since, and emptied by the housekeeping sweep.
    @OptionalField(key: "certificate_pem") public var certificatePEM: String?
    /// The certificate's PEM sealed under the holder's key (`pem(reader:)`).
    @OptionalField(key: "certificate_sealed") public var certificateSealed: Data?
    @OptionalField(key: "not_after") public var notAfter: Int64?
    @OptionalField(key: "failure") public var failure: String?
    /// The e-mail address the certificate may name, sealed under the
    /// holder's key: the one its activation code was mailed to. Nil (no
    /// e-mail in the certificate) when no code proved an address.
    @OptionalField(key: "verified_email_sealed") public var verifiedEmailSealed: Data?
    /// `test` when the test environments' CA issued it; nil for the platform CA.
    @OptionalField(key: "issuer_ca") public var issuerCA: String?
    // `attempts` and `lease_until` date from when these rows were the issuance
    // queue; the job table holds both now. Landed migrations are never edited.
    @Field(key: "attempts") public var attempts: Int
    @OptionalField(key: "lease_until") public var leaseUntil: Int64?
    @Field(key: "created_at") public var createdAt: Int64
    @OptionalField(key: "issued_at") public var issuedAt: Int64?
    @OptionalField(key: "revoked_at") public var revokedAt: Int64?

    public init() {}

    public init(registrationID: UUID, level: Int, publicKey: Data, csr: Data?, hsmToken: String?, createdAt: Int64) {
        self.$registration.id = registrationID
        self.level = level
        self.status = .pending
        self.publicKey = publicKey
        self.csr = csr
        self.hsmToken = hsmToken
        self.attempts = 0
        self.createdAt = createdAt
    }
}

extension UserCertificateModel {
    /// Where a certificate stands: asked for, issued, given up, or refused by the authority.
    public enum Status: String, Codable, Sendable, CaseIterable {
        case pending, issued, revoked, failed
    }
}
