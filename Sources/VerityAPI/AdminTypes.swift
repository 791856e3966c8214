/// Options when minting an end-user token.
public struct UserTokenRequest: Codable, Sendable, Equatable {
    /// Lifetime in seconds (60–86400); 900 when absent.
    public var ttlSeconds: Int?
    /// The user's phone number as your records have it (E.164): device
    /// verification sends its code there when the app names no number
    /// (`requestUserDeviceVerification()`). Kept sealed; replaced when sent again.
    public var phoneNumber: String?
    /// The user's e-mail address: where an activation code (DIAC) is mailed
    /// when an operator approves an accreditation with delivery by e-mail.
    public var email: String?

    /// Creates the value from its fields.
    public init(ttlSeconds: Int? = nil, phoneNumber: String? = nil, email: String? = nil) {
        self.ttlSeconds = ttlSeconds
        self.phoneNumber = phoneNumber
        self.email = email
    }
}

/// A short-lived token the SDK sends for one end user.
public struct UserToken: Codable, Sendable, Equatable {
    /// Send as `Authorization: Bearer <token>`.
    public var token: String
    /// When the token stops working.
    public var expiresAtEpochMs: Int64

    /// Creates the value from its fields.
    public init(token: String, expiresAtEpochMs: Int64) {
        self.token = token
        self.expiresAtEpochMs = expiresAtEpochMs
    }
}

/// Raises (or lowers back to the environment's minimum) one user's required level.
public struct RequiredVerificationMethodInput: Codable, Sendable, Equatable {
    /// `GOVERNMENT_ID` to demand a document from this user; `KNOWLEDGE_OF_PII` to
    /// go back to the environment's rule.
    public var requiredVerificationMethod: VerificationMethod

    /// Creates the value from its fields.
    public init(requiredVerificationMethod: VerificationMethod) {
        self.requiredVerificationMethod = requiredVerificationMethod
    }
}

/// How many tokens a revocation ended.
public struct RevokedTokens: Codable, Sendable, Equatable {
    /// User tokens that were live and are now revoked.
    public var revoked: Int
    /// Device tokens of the user's certification devices now revoked: each
    /// device must be verified again (its token cannot be exchanged).
    public var deviceTokens: Int?
    /// Certificate-authenticated sessions ended.
    public var authenticationSessions: Int?
    /// Capture links removed.
    public var captureLinks: Int?

    /// Creates the value from its fields.
    public init(revoked: Int, deviceTokens: Int? = nil, authenticationSessions: Int? = nil, captureLinks: Int? = nil) {
        self.revoked = revoked
        self.deviceTokens = deviceTokens
        self.authenticationSessions = authenticationSessions
        self.captureLinks = captureLinks
    }
}
