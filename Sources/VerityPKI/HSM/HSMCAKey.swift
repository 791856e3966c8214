import Crypto
import Foundation
import SwiftASN1
import VerityCore
import X509

/// A key held in an HSM token, used to sign certificates, CRLs or documents.
/// The PIN is held in memory only (from settings for the CA, from the user
/// for level 4); it is never written anywhere.
public struct HSMKey: CASigningKey {
    let module: PKCS11Module
    public let token: String
    public let label: String
    let pin: String
    public let publicKey: P256.Signing.PublicKey
    /// Set for a key that signs often (the issuing CA's): its session stays
    /// logged in. Never for level-4 user keys, whose every use must present the password.
    let kept: KeptSession?

    /// Looks the key up (checking the PIN as it does). `keepsSessionOpen`: see `kept`.
    public init(module: PKCS11Module, token: String, label: String, pin: String, keepsSessionOpen: Bool = false) throws(VerityError) {
        self.module = module
        self.token = token
        self.label = label
        self.pin = pin
        kept = keepsSessionOpen ? KeptSession() : nil
        publicKey = try module.withSession(token: token, pin: pin) { session throws(VerityError) in try session.publicKey(label: label) }
    }

    public var certificateKey: Certificate.PrivateKey { Certificate.PrivateKey(HSMCertificateKey(key: self)) }

    public func signature(for data: [UInt8]) throws -> [UInt8] {
        if let kept { return Array(try module.sign(data, label: label, token: token, pin: pin, keeping: kept).derRepresentation) }
        return Array(try module.withSession(token: token, pin: pin) { session throws(VerityError) in try session.sign(data, label: label) }.derRepresentation)
    }

}

/// The same key as swift-certificates signs certificates with it.
struct HSMCertificateKey: CustomPrivateKey {
    let key: HSMKey

    var publicKey: Certificate.PublicKey { Certificate.PublicKey(key.publicKey) }
    var defaultSignatureAlgorithm: Certificate.SignatureAlgorithm { .ecdsaWithSHA256 }
    var supportedSignatureAlgorithms: [Certificate.SignatureAlgorithm] { [.ecdsaWithSHA256] }

    func signSynchronously(bytes: some DataProtocol, signatureAlgorithm: Certificate.SignatureAlgorithm) throws -> Certificate.Signature {
        guard signatureAlgorithm == .ecdsaWithSHA256 else {
            throw VerityError(.validationError, "HSM keys sign with ECDSA and SHA-256 only.")
        }
        return try Certificate.Signature(signatureAlgorithm: .ecdsaWithSHA256,
                                         signatureBytes: ASN1BitString(bytes: ArraySlice(key.signature(for: Array(bytes)))))
    }

    static var defaultPEMDiscriminator: String { "PRIVATE KEY" }

    /// The key cannot leave the HSM: there is nothing to serialise.
    func serialize(into coder: inout DER.Serializer) throws {
        throw VerityError(.validationError, "An HSM key cannot be exported.")
    }

    static func == (lhs: HSMCertificateKey, rhs: HSMCertificateKey) -> Bool {
        lhs.key.module.path == rhs.key.module.path && lhs.key.token == rhs.key.token && lhs.key.label == rhs.key.label
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(key.module.path)
        hasher.combine(key.token)
        hasher.combine(key.label)
    }
}
