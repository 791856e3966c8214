/// The `chip` section of a document report: what the chip's files prove,
/// check by check, with the certificates each rests on (`docs/chip.md`).
public struct ChipReport: Sendable, Codable, Equatable {
    /// Passive authentication held whole: the SOD's signature, the chain to a
    /// trusted CSCA, every sent data group's hash, nothing unprotected.
    public var authentic: Bool
    /// What fell short; empty when nothing did.
    public var reasons: [ChipReason]
    public var securityObject: SecurityObject
    /// The certificate that signed the SOD, as the SOD carries it.
    public var documentSigner: Certificate?
    /// The trusted CSCA (or link certificate) that issued the Document Signer.
    public var csca: Certificate?
    /// `verified`, `csca_unknown`, `signature_invalid`, `expired` or `not_checked`.
    public var chain: String
    public var revocation: Revocation
    /// Every data group sent or listed: `verified`, `altered`, `unprotected` or `not_read`.
    public var dataGroups: [DataGroup]
    /// `verified`, `failed`, `not_performed` (DG15 sent, no answer), `not_offered` (no DG15) or `key_unreadable`.
    public var activeAuthentication: String
    /// PACE and Chip Authentication as the app reported them: recorded, not verified by the server.
    public var reportedByApp: ReportedProtocols?
    /// DG1's MRZ against the printed MRZ and the person's data.
    public var mrz: MRZComparison?
    /// DG2's face against the selfie and the printed portrait.
    public var face: FaceComparison?
    /// Files sent that could not be read as ICAO 9303 writes them.
    public var unreadableFiles: [ChipFile]

    public init(authentic: Bool, reasons: [ChipReason], securityObject: SecurityObject, documentSigner: Certificate?, csca: Certificate?,
                chain: String, revocation: Revocation, dataGroups: [DataGroup], activeAuthentication: String,
                reportedByApp: ReportedProtocols?, mrz: MRZComparison?, face: FaceComparison?, unreadableFiles: [ChipFile]) {
        self.authentic = authentic
        self.reasons = reasons
        self.securityObject = securityObject
        self.documentSigner = documentSigner
        self.csca = csca
        self.chain = chain
        self.revocation = revocation
        self.dataGroups = dataGroups
        self.activeAuthentication = activeAuthentication
        self.reportedByApp = reportedByApp
        self.mrz = mrz
        self.face = face
        self.unreadableFiles = unreadableFiles
    }

    public struct SecurityObject: Sendable, Codable, Equatable {
        public var readable: Bool
        public var signatureValid: Bool
        public var hashAlgorithm: String?
        public var signatureAlgorithm: String?
        public var ldsVersion: String?

        public init(readable: Bool, signatureValid: Bool, hashAlgorithm: String?, signatureAlgorithm: String?, ldsVersion: String?) {
            self.readable = readable
            self.signatureValid = signatureValid
            self.hashAlgorithm = hashAlgorithm
            self.signatureAlgorithm = signatureAlgorithm
            self.ldsVersion = ldsVersion
        }
    }

    public struct Certificate: Sendable, Codable, Equatable {
        public var subject: String
        public var issuer: String
        public var country: String?
        public var serialNumber: String
        /// "RSA-4096", "ECDSA brainpoolP384r1".
        public var key: String
        public var notBeforeEpochMs: Int64
        public var notAfterEpochMs: Int64
        /// SHA-256 of the certificate, hex: the trust store's name for it.
        public var fingerprint: String

        public init(subject: String, issuer: String, country: String?, serialNumber: String, key: String, notBeforeEpochMs: Int64,
                    notAfterEpochMs: Int64, fingerprint: String) {
            self.subject = subject
            self.issuer = issuer
            self.country = country
            self.serialNumber = serialNumber
            self.key = key
            self.notBeforeEpochMs = notBeforeEpochMs
            self.notAfterEpochMs = notAfterEpochMs
            self.fingerprint = fingerprint
        }
    }

    public struct Revocation: Sendable, Codable, Equatable {
        /// Whether a CRL of the issuing CSCA was trusted and consulted.
        public var checked: Bool
        public var revoked: Bool
        public var listIssuedAtEpochMs: Int64?
        public var nextUpdateEpochMs: Int64?

        public init(checked: Bool, revoked: Bool, listIssuedAtEpochMs: Int64?, nextUpdateEpochMs: Int64?) {
            self.checked = checked
            self.revoked = revoked
            self.listIssuedAtEpochMs = listIssuedAtEpochMs
            self.nextUpdateEpochMs = nextUpdateEpochMs
        }
    }

    public struct DataGroup: Sendable, Codable, Equatable {
        public var number: Int
        public var status: String

        public init(number: Int, status: String) {
            self.number = number
            self.status = status
        }
    }

    public struct ReportedProtocols: Sendable, Codable, Equatable {
        /// `succeeded`, `failed` or `not_performed`, as the app said.
        public var pace: String?
        public var chipAuthentication: String?
        /// Always false: these ran between the app and the chip.
        public var verifiedByServer: Bool

        public init(pace: String?, chipAuthentication: String?) {
            self.pace = pace
            self.chipAuthentication = chipAuthentication
            verifiedByServer = false
        }
    }

    public struct MRZComparison: Sendable, Codable, Equatable {
        /// nil when the printed MRZ was not read.
        public var matchesPrinted: Bool?
        /// nil when there is no person's data to compare with.
        public var matchesPerson: Bool?
        /// The MRZ fields that differ (`documentNumber`, `dateOfBirth`, …).
        public var mismatchedFields: [String]

        public init(matchesPrinted: Bool?, matchesPerson: Bool?, mismatchedFields: [String]) {
            self.matchesPrinted = matchesPrinted
            self.matchesPerson = matchesPerson
            self.mismatchedFields = mismatchedFields
        }
    }

    public struct FaceComparison: Sendable, Codable, Equatable {
        /// `jpeg` or `jpeg2000`.
        public var format: String
        public var selfie: FaceMatch?
        public var printedPortrait: FaceMatch?

        public init(format: String, selfie: FaceMatch?, printedPortrait: FaceMatch?) {
            self.format = format
            self.selfie = selfie
            self.printedPortrait = printedPortrait
        }
    }

    public struct FaceMatch: Sendable, Codable, Equatable {
        /// nil when either picture has no usable face.
        public var match: Bool?
        public var distance: Double?
        public var threshold: Double

        public init(match: Bool?, distance: Double?, threshold: Double) {
            self.match = match
            self.distance = distance
            self.threshold = threshold
        }
    }
}
