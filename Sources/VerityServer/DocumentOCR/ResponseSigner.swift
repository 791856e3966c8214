import Crypto
import Fluent
import Foundation
import VerityAPI
import VerityCore
import VerityStore

/// Signs an environment's engine responses twice: HMAC-SHA256 under the key
/// its backend holds, and Ed25519 under a key derived from the data key whose
/// public half anyone may have.
struct ResponseSigner: Sendable {
    let hmacKey: SymmetricKey
    let signingKey: Curve25519.Signing.PrivateKey

    /// The environment's signer; `HMAC_KEY_MISSING` until `verity keys hmac` made its key.
    static func load(environmentID: UUID, db: any Database, protector: DataProtector) async throws -> ResponseSigner {
        guard let sealed = try await ResponseSigningKeyRepository(db: db).sealedKey(environmentID: environmentID) else {
            throw VerityError(.hmacKeyMissing, "this environment has no response-signing key yet: make one with `verity keys hmac`")
        }
        return ResponseSigner(hmacKey: SymmetricKey(data: try protector.open(sealed)),
                              signingKey: try signingKey(environmentID: environmentID, protector: protector))
    }

    static func signingKey(environmentID: UUID, protector: DataProtector) throws -> Curve25519.Signing.PrivateKey {
        try Curve25519.Signing.PrivateKey(rawRepresentation: protector.responseSigningSeed(environmentID: environmentID))
    }

    /// `rawResponse` signed as it is: the bytes a client checks are the bytes sent.
    func sign(serviceID: String, rawResponse: String) throws -> HMACData {
        let bytes = Data(rawResponse.utf8)
        let digest = HMAC<SHA256>.authenticationCode(for: bytes, using: hmacKey).map { String(format: "%02x", $0) }.joined()
        return HMACData(serviceID: serviceID, rawResponse: rawResponse, hmacDigest: digest,
                        signature: try signingKey.signature(for: bytes).base64EncodedString())
    }

    /// The public half of the environment's Ed25519 key, raw and as PEM.
    static func publicKey(environmentID: UUID, protector: DataProtector) throws -> ResponseSigningPublicKey {
        let raw = try signingKey(environmentID: environmentID, protector: protector).publicKey.rawRepresentation
        // SubjectPublicKeyInfo for Ed25519 (RFC 8410): a fixed 12-byte prefix, then the key.
        let der = Data([0x30, 0x2a, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x03, 0x21, 0x00]) + raw
        let body = der.base64EncodedString(options: [.lineLength64Characters, .endLineWithLineFeed])
        let pem = "-----BEGIN PUBLIC KEY-----\n" + body + "\n-----END PUBLIC KEY-----\n"
        return ResponseSigningPublicKey(algorithm: "Ed25519", publicKey: raw.base64EncodedString(), pem: pem)
    }
}
