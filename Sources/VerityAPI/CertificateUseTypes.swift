import Foundation

// Wire types for using a certificate (authentication, transactions, document
// signing) and for checkpoints, on `/v1/certification`.

/// A nonce to sign with the certificate's key.
public struct AuthenticationChallenge: Codable, Sendable, Equatable {
    /// The challenge's id.
    public var id: UUID
    /// 32 random bytes, base64: sign exactly these bytes (ECDSA P-256, SHA-256).
    public var nonce: String
    /// When the challenge stops working.
    public var expiresAtEpochMs: Int64

    /// Creates the value from its fields.
    public init(id: UUID, nonce: String, expiresAtEpochMs: Int64) {
        self.id = id
        self.nonce = nonce
        self.expiresAtEpochMs = expiresAtEpochMs
    }
}

/// Proof of the key: a device signature (levels 1–3), or the HSM password (level 4).
public struct SignatureInput: Codable, Sendable, Equatable {
    /// ECDSA signature, DER, base64 (levels 1–3).
    public var signature: String?
    /// The level-4 password that unlocks the HSM key.
    public var password: String?

    /// Creates the value from its fields.
    public init(signature: String? = nil, password: String? = nil) {
        self.signature = signature
        self.password = password
    }
}

/// An authenticated session bought with a signed challenge.
public struct AuthenticationSession: Codable, Sendable, Equatable {
    /// Opaque; the app's backend checks it with `/admin/v1/certification/sessions/verify`.
    public var sessionToken: String
    /// When the session ends.
    public var expiresAtEpochMs: Int64
    /// The level of the certificate that signed.
    public var level: Int

    /// Creates the value from its fields.
    public init(sessionToken: String, expiresAtEpochMs: Int64, level: Int) {
        self.sessionToken = sessionToken
        self.expiresAtEpochMs = expiresAtEpochMs
        self.level = level
    }
}

/// What the user is asked to approve.
public struct TransactionDetails: Codable, Sendable, Equatable {
    /// The app's reference for it.
    public var reference: String
    /// One line for people.
    public var summary: String
    /// Named values (amount, payee, ...).
    public var details: [String: String]

    /// Creates the value from its fields.
    public init(reference: String, summary: String, details: [String: String] = [:]) {
        self.reference = reference
        self.summary = summary
        self.details = details
    }
}

/// A transaction and its approval.
public struct TransactionView: Codable, Sendable, Equatable {
    /// The transaction's id.
    public var id: UUID
    /// The entity's name.
    public var entity: String
    /// What is approved.
    public var description: TransactionDetails
    /// Hex SHA-256 of the canonical description: what the user signs.
    public var digest: String
    /// `pending`, `approved` or `expired`.
    public var status: String
    /// The approval signature (DER, base64).
    public var signature: String?
    /// Serial of the certificate that signed.
    public var certificateSerial: String?
    /// When an unapproved transaction expires.
    public var expiresAtEpochMs: Int64
    /// When it was approved.
    public var decidedAtEpochMs: Int64?

    /// Creates the value from its fields.
    public init(id: UUID, entity: String, description: TransactionDetails, digest: String, status: String, signature: String?,
                certificateSerial: String?, expiresAtEpochMs: Int64, decidedAtEpochMs: Int64?) {
        self.id = id
        self.entity = entity
        self.description = description
        self.digest = digest
        self.status = status
        self.signature = signature
        self.certificateSerial = certificateSerial
        self.expiresAtEpochMs = expiresAtEpochMs
        self.decidedAtEpochMs = decidedAtEpochMs
    }
}

/// A document to sign with the level-4 HSM key.
public struct DocumentSigningInput: Codable, Sendable, Equatable {
    /// The document, base64 (at most 10 MiB decoded).
    public var document: String
    /// The level-4 password.
    public var password: String

    /// Creates the value from its fields.
    public init(document: String, password: String) {
        self.document = document
        self.password = password
    }
}

/// A detached CMS (PKCS#7) signature, DER, base64.
public struct DocumentSignatureOutput: Codable, Sendable, Equatable {
    /// Verify with `openssl cms -verify -binary -inform DER -content FILE -CAfile chain.pem`.
    public var signature: String

    /// Creates the value from its fields.
    public init(signature: String) { self.signature = signature }
}

/// A checkpoint where users are accredited in person.
public struct CheckpointDetails: Codable, Sendable, Equatable {
    /// The checkpoint's id.
    public var id: UUID
    /// Its name.
    public var name: String
    /// Its postal address.
    public var address: String
    /// Degrees north.
    public var latitude: Double
    /// Degrees east.
    public var longitude: Double
    /// Levels an operator there can accredit.
    public var levels: [Int]
    /// Free text.
    public var openingHours: String?
    /// Great-circle distance from the point searched, when searched by location.
    public var distanceKilometres: Double?

    /// Creates the value from its fields.
    public init(id: UUID, name: String, address: String, latitude: Double, longitude: Double, levels: [Int],
                openingHours: String?, distanceKilometres: Double?) {
        self.id = id
        self.name = name
        self.address = address
        self.latitude = latitude
        self.longitude = longitude
        self.levels = levels
        self.openingHours = openingHours
        self.distanceKilometres = distanceKilometres
    }
}
