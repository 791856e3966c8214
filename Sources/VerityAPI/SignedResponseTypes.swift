import Foundation

/// One engine's raw response as the OCR service returns it (`hmacDataList`):
/// the exact bytes it answered, HMAC-SHA256 under the environment's key (the
/// backend holds it: `verity keys hmac`), and beyond the spec an Ed25519
/// signature over the same bytes that anyone with the environment's public
/// key can check offline.
public struct HMACData: Codable, Sendable, Equatable {
    /// Which engine answered: `ocr`.
    public var serviceID: String
    /// The engine's answer, JSON, byte for byte what was signed.
    public var rawResponse: String
    /// Lower-case hex HMAC-SHA256 of `rawResponse`'s UTF-8 bytes.
    public var hmacDigest: String
    /// Base64 Ed25519 signature of `rawResponse`'s UTF-8 bytes.
    public var signature: String

    public init(serviceID: String, rawResponse: String, hmacDigest: String, signature: String) {
        self.serviceID = serviceID
        self.rawResponse = rawResponse
        self.hmacDigest = hmacDigest
        self.signature = signature
    }
}

/// An environment's public response-signing key, for checking `HMACData.signature` offline.
public struct ResponseSigningPublicKey: Codable, Sendable, Equatable {
    /// `Ed25519`.
    public var algorithm: String
    /// The 32-byte public key, base64.
    public var publicKey: String
    /// The same key as a PEM SubjectPublicKeyInfo (what `openssl pkeyutl -verify -pubin` reads).
    public var pem: String
    /// While a rotation of the derived keys is under way: the key that signs
    /// from `signsFromEpochMs` on. Pin it beside the current one before then.
    public var next: NextResponseSigningKey?

    public init(algorithm: String, publicKey: String, pem: String, next: NextResponseSigningKey? = nil) {
        self.algorithm = algorithm
        self.publicKey = publicKey
        self.pem = pem
        self.next = next
    }
}

/// The Ed25519 key that will sign an environment's responses after a rotation.
public struct NextResponseSigningKey: Codable, Sendable, Equatable {
    public var publicKey: String
    public var pem: String
    public var signsFromEpochMs: Int64

    public init(publicKey: String, pem: String, signsFromEpochMs: Int64) {
        self.publicKey = publicKey
        self.pem = pem
        self.signsFromEpochMs = signsFromEpochMs
    }
}
