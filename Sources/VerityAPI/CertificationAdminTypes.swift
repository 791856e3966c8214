import Foundation

// Wire types of `/admin/v1/certification` (operators and the app's backend).

/// A new entity: the same fields an app reads back as `EntityDetails`.
public typealias EntityInput = EntityDetails

/// A new checkpoint.
public struct CheckpointInput: Codable, Sendable, Equatable {
    /// Its name.
    public var name: String
    /// Its postal address.
    public var address: String
    /// −90…90.
    public var latitude: Double
    /// −180…180.
    public var longitude: Double
    /// Levels an operator there can accredit.
    public var levels: [Int]
    /// Free text.
    public var openingHours: String?

    /// Creates the value from its fields.
    public init(name: String, address: String, latitude: Double, longitude: Double, levels: [Int], openingHours: String? = nil) {
        self.name = name
        self.address = address
        self.latitude = latitude
        self.longitude = longitude
        self.levels = levels
        self.openingHours = openingHours
    }
}

/// An operator's approval; evidence may be recorded here (an in-person visit).
public struct AccreditationApprovalInput: Codable, Sendable, Equatable {
    /// How the user's identity was checked, when the request did not say.
    public var evidence: AccreditationEvidence?
    /// How the DIAC reaches the user besides this answer: `sms` (the default,
    /// to the verified phone) or `email` (to the address on file, or the
    /// registration's e-mail field).
    public var delivery: String?

    /// Creates the value from its fields.
    public init(evidence: AccreditationEvidence? = nil, delivery: String? = nil) {
        self.evidence = evidence
        self.delivery = delivery
    }
}

/// An operator's rejection.
public struct AccreditationRejectionInput: Codable, Sendable, Equatable {
    /// Why, for the user (1–500 characters).
    public var reason: String

    /// Creates the value from its fields.
    public init(reason: String) { self.reason = reason }
}

/// The activation code made by an approval: shown once, never again.
public struct ActivationCodeIssued: Codable, Sendable, Equatable {
    /// The request approved.
    public var requestId: UUID
    /// The level the code certifies at.
    public var level: Int
    /// 16 digits in groups of four; give it to the user.
    public var diac: String
    /// When it stops working.
    public var expiresAtEpochMs: Int64
    /// `sms` or `email` when the code was handed over for delivery; nil when it was not (the operator gives it).
    public var deliveredBy: String?

    /// Creates the value from its fields.
    public init(requestId: UUID, level: Int, diac: String, expiresAtEpochMs: Int64, deliveredBy: String? = nil) {
        self.deliveredBy = deliveredBy
        self.requestId = requestId
        self.level = level
        self.diac = diac
        self.expiresAtEpochMs = expiresAtEpochMs
    }
}

/// A transaction for a user to approve.
public struct TransactionInput: Codable, Sendable, Equatable {
    /// The entity the user is certified with.
    public var entity: String
    /// What to approve.
    public var description: TransactionDetails
    /// Seconds the user has (60–86400; 600 when absent).
    public var ttlSeconds: Int?

    /// Creates the value from its fields.
    public init(entity: String, description: TransactionDetails, ttlSeconds: Int? = nil) {
        self.entity = entity
        self.description = description
        self.ttlSeconds = ttlSeconds
    }
}

/// A session token to check.
public struct SessionCheckInput: Codable, Sendable, Equatable {
    /// From the SDK's `authenticate()`.
    public var sessionToken: String

    /// Creates the value from its fields.
    public init(sessionToken: String) { self.sessionToken = sessionToken }
}

/// What a live session says.
public struct SessionCheck: Codable, Sendable, Equatable {
    /// Whether the session is live.
    public var valid: Bool
    /// The entity's name.
    public var entity: String?
    /// The level of the certificate that signed.
    public var level: Int?
    /// Serial of that certificate.
    public var certificateSerial: String?
    /// When the session ends.
    public var expiresAtEpochMs: Int64?

    /// Creates the value from its fields.
    public init(valid: Bool, entity: String? = nil, level: Int? = nil, certificateSerial: String? = nil, expiresAtEpochMs: Int64? = nil) {
        self.valid = valid
        self.entity = entity
        self.level = level
        self.certificateSerial = certificateSerial
        self.expiresAtEpochMs = expiresAtEpochMs
    }
}

/// Whether an unlock found the user locked.
public struct UnlockResult: Codable, Sendable, Equatable {
    /// False when the user was not locked.
    public var unlocked: Bool

    /// Creates the value from its fields.
    public init(unlocked: Bool) { self.unlocked = unlocked }
}
