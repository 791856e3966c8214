/// `/admin/v1/chip/trust`: what a tenant trusts to verify ePassport chips
/// (passive authentication): CSCA and link certificates, from master lists
/// or alone, and the CSCAs' revocation lists.
public enum ChipTrustRoute: Sendable, Equatable {
    /// POST imports a file; GET lists what is trusted.
    case trust

    public var components: [String] { ["admin", "v1", "chip", "trust"] }
    public var path: String { "/" + components.joined(separator: "/") }
}

/// A file to trust: a CSCA master list (`.ml`, CMS SignedData), a CSCA or link
/// certificate, or a CSCA's CRL; DER or PEM, base64.
public struct ChipTrustImportInput: Codable, Sendable, Equatable {
    public var fileBase64: String
    /// For a master list: the CSCA(s) its signer chains to (DER or PEM, base64),
    /// obtained from the state that publishes it.
    public var signerCscaBase64: [String]?
    /// For a master list: whether its signer may chain to a CSCA this tenant
    /// already trusts (a list of another state vouched for it), besides any given.
    public var signerFromTrustStore: Bool?

    /// A master list of hundreds of CSCAs runs to about 1 MB; base64 adds a third.
    public static let maximumFileBytes = 4 * 1024 * 1024

    public init(fileBase64: String, signerCscaBase64: [String]? = nil, signerFromTrustStore: Bool? = nil) {
        self.fileBase64 = fileBase64
        self.signerCscaBase64 = signerCscaBase64
        self.signerFromTrustStore = signerFromTrustStore
    }
}

/// What an import did: every certificate of the file accounted for.
public struct ChipTrustImportResult: Codable, Sendable, Equatable {
    /// `master_list`, `certificate` or `revocation_list`.
    public var kind: String
    /// Certificates the file holds.
    public var certificates: Int
    /// Newly trusted.
    public var added: Int
    /// Accepted, and trusted already by an earlier import.
    public var alreadyTrusted: Int
    /// The same certificate more than once in the file.
    public var duplicates: Int
    /// Not trusted, each with why.
    public var skipped: [ChipTrustSkip]
    /// A master list's signer, as its certificate names it.
    public var signer: String?
    /// The revocation list, when the file was one.
    public var revocationList: ChipRevocationListView?

    public init(kind: String, certificates: Int, added: Int, alreadyTrusted: Int, duplicates: Int, skipped: [ChipTrustSkip],
                signer: String?, revocationList: ChipRevocationListView?) {
        self.kind = kind
        self.certificates = certificates
        self.added = added
        self.alreadyTrusted = alreadyTrusted
        self.duplicates = duplicates
        self.skipped = skipped
        self.signer = signer
        self.revocationList = revocationList
    }
}

/// A certificate an import did not trust.
public struct ChipTrustSkip: Codable, Sendable, Equatable {
    public var subject: String?
    public var country: String?
    /// `unreadable`, `unsupported_algorithm`, `not_certificate_authority`,
    /// `self_signature_invalid` or `issuer_signature_invalid`.
    public var reason: String

    public init(subject: String?, country: String?, reason: String) {
        self.subject = subject
        self.country = country
        self.reason = reason
    }
}

/// What a tenant trusts.
public struct ChipTrustView: Codable, Sendable, Equatable {
    public var certificates: [ChipTrustCertificateView]
    public var revocationLists: [ChipRevocationListView]

    public init(certificates: [ChipTrustCertificateView], revocationLists: [ChipRevocationListView]) {
        self.certificates = certificates
        self.revocationLists = revocationLists
    }
}

public struct ChipTrustCertificateView: Codable, Sendable, Equatable {
    /// SHA-256 of the certificate, hex.
    public var fingerprint: String
    public var subject: String
    public var country: String?
    public var serialNumber: String
    /// "RSA-4096", "ECDSA brainpoolP384r1".
    public var key: String
    public var notBeforeEpochMs: Int64
    public var notAfterEpochMs: Int64
    /// Issued with another key of the same state (a link certificate).
    public var isLink: Bool
    public var source: String
    public var importedAtEpochMs: Int64

    public init(fingerprint: String, subject: String, country: String?, serialNumber: String, key: String, notBeforeEpochMs: Int64,
                notAfterEpochMs: Int64, isLink: Bool, source: String, importedAtEpochMs: Int64) {
        self.fingerprint = fingerprint
        self.subject = subject
        self.country = country
        self.serialNumber = serialNumber
        self.key = key
        self.notBeforeEpochMs = notBeforeEpochMs
        self.notAfterEpochMs = notAfterEpochMs
        self.isLink = isLink
        self.source = source
        self.importedAtEpochMs = importedAtEpochMs
    }
}

public struct ChipRevocationListView: Codable, Sendable, Equatable {
    public var issuer: String
    public var thisUpdateEpochMs: Int64
    /// When the CSCA promised the next list; past it, the list is stale.
    public var nextUpdateEpochMs: Int64?
    public var revokedCount: Int

    public init(issuer: String, thisUpdateEpochMs: Int64, nextUpdateEpochMs: Int64?, revokedCount: Int) {
        self.issuer = issuer
        self.thisUpdateEpochMs = thisUpdateEpochMs
        self.nextUpdateEpochMs = nextUpdateEpochMs
        self.revokedCount = revokedCount
    }
}
