import VerityWire

/// The personal information a user gives to verify their identity.
///
/// Name and address fields are compared case-insensitively; `city` and `state`
/// are optional but checked when given; `country` is an ISO 3166-1 alpha-2
/// code from `listSupportedCountries()`; `dateOfBirth` is `yyyy-mm-dd`.
public struct VerifyIdentityInput: Codable, Sendable, Equatable {
    public var firstName: String
    public var lastName: String
    public var address: String
    public var city: String?
    public var state: String?
    public var postalCode: String
    public var country: String
    public var dateOfBirth: String

    /// Creates the value from its fields.
    public init(firstName: String, lastName: String, address: String, city: String? = nil, state: String? = nil,
                postalCode: String, country: String, dateOfBirth: String) {
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

/// Kinds of government identity documents (the domain's `DocumentType`, by
/// the name the SDK has always used).
public typealias IdDocumentType = DocumentType

/// A user's identity verification state, as returned by verify and check.
public struct VerifiedIdentity: Codable, Sendable, Equatable {
    /// The Verity id of the user this state belongs to.
    public var owner: String
    /// True when the user reached the required verification level.
    public var verified: Bool
    /// When verification succeeded; 0 when not verified.
    public var verifiedAtEpochMs: Int64
    /// The level of verification achieved.
    public var verificationMethod: VerificationMethod
    /// Whether another PII attempt will be accepted.
    public var canAttemptVerificationAgain: Bool
    /// PII attempts left; 0 at once when fraud is suspected.
    public var attemptsRemaining: Int
    /// The level this user must reach.
    public var requiredVerificationMethod: VerificationMethod
    /// When the user last attempted verification; 0 if never (or since a reset).
    public var verificationLastAttemptedAtEpochMs: Int64
    /// A page where the user can capture their documents; nil until available.
    public var idScanUrl: String?
    /// Whether the user currently consents to identity-data processing.
    public var consented: Bool
    /// Documents accepted when `requiredVerificationMethod` is `GOVERNMENT_ID`.
    public var acceptableDocumentTypes: [IdDocumentType]
    /// Where document verification stands.
    public var documentVerificationStatus: DocumentVerificationStatus
    /// The user's latest document check, summarised (the full evidence is the
    /// tenant backend's: `GET /admin/v1/document-checks/{id}`); nil before any.
    public var documentCheck: DocumentCheckSummary?

    /// Creates the value from its fields.
    public init(owner: String, verified: Bool, verifiedAtEpochMs: Int64, verificationMethod: VerificationMethod,
                canAttemptVerificationAgain: Bool, attemptsRemaining: Int, requiredVerificationMethod: VerificationMethod,
                verificationLastAttemptedAtEpochMs: Int64, idScanUrl: String?, consented: Bool,
                acceptableDocumentTypes: [IdDocumentType], documentVerificationStatus: DocumentVerificationStatus,
                documentCheck: DocumentCheckSummary? = nil) {
        self.documentCheck = documentCheck
        self.owner = owner
        self.verified = verified
        self.verifiedAtEpochMs = verifiedAtEpochMs
        self.verificationMethod = verificationMethod
        self.canAttemptVerificationAgain = canAttemptVerificationAgain
        self.attemptsRemaining = attemptsRemaining
        self.requiredVerificationMethod = requiredVerificationMethod
        self.verificationLastAttemptedAtEpochMs = verificationLastAttemptedAtEpochMs
        self.idScanUrl = idScanUrl
        self.consented = consented
        self.acceptableDocumentTypes = acceptableDocumentTypes
        self.documentVerificationStatus = documentVerificationStatus
    }

    /// Encodes every field; `idScanUrl` and `documentCheck` are always present, `null` when there is none.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(owner, forKey: .owner)
        try container.encode(verified, forKey: .verified)
        try container.encode(verifiedAtEpochMs, forKey: .verifiedAtEpochMs)
        try container.encode(verificationMethod, forKey: .verificationMethod)
        try container.encode(canAttemptVerificationAgain, forKey: .canAttemptVerificationAgain)
        try container.encode(attemptsRemaining, forKey: .attemptsRemaining)
        try container.encode(requiredVerificationMethod, forKey: .requiredVerificationMethod)
        try container.encode(verificationLastAttemptedAtEpochMs, forKey: .verificationLastAttemptedAtEpochMs)
        try container.encode(idScanUrl, forKey: .idScanUrl)
        try container.encode(consented, forKey: .consented)
        try container.encode(acceptableDocumentTypes, forKey: .acceptableDocumentTypes)
        try container.encode(documentVerificationStatus, forKey: .documentVerificationStatus)
        try container.encode(documentCheck, forKey: .documentCheck)
    }
}

/// Countries whose identities this environment can verify.
public struct SupportedCountries: Codable, Sendable, Equatable {
    /// ISO 3166-1 alpha-2 codes.
    public var countries: [String]

    /// Creates the value from its fields.
    public init(countries: [String]) { self.countries = countries }
}
