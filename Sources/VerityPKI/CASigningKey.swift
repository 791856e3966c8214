import Crypto
import X509

/// A CA's private key, wherever it lives: in memory from an encrypted file, or
/// (level 4 and HSM-backed CAs) inside a PKCS#11 token that only signs.
public protocol CASigningKey: Sendable {
    var publicKey: P256.Signing.PublicKey { get }
    /// The key as swift-certificates signs certificates with it.
    var certificateKey: Certificate.PrivateKey { get }
    /// An ECDSA-with-SHA-256 signature over `data`, DER-encoded (for CRLs).
    func signature(for data: [UInt8]) throws -> [UInt8]
}

/// A P-256 key held in memory (decrypted from the CA's key file at start).
public struct SoftwareCAKey: CASigningKey {
    let key: P256.Signing.PrivateKey

    public init(_ key: P256.Signing.PrivateKey = P256.Signing.PrivateKey()) { self.key = key }

    public var publicKey: P256.Signing.PublicKey { key.publicKey }
    public var certificateKey: Certificate.PrivateKey { Certificate.PrivateKey(key) }

    public func signature(for data: [UInt8]) throws -> [UInt8] {
        Array(try key.signature(for: data).derRepresentation)
    }
}
