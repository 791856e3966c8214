import Crypto
import Fluent
import Foundation
import VerityAPI
import VerityCore
import VerityStore
import VerityKernel

/// Signs an environment's engine responses twice: HMAC-SHA256 under the key
/// its backend holds, and Ed25519 under a key made from the derived keys
/// (`DataProtector.responseSigningSeeds`) whose public half anyone may have.
package struct ResponseSigner: Sendable {
    let hmacKey: SymmetricKey
    let signingKey: Curve25519.Signing.PrivateKey

    /// The environment's signer; `HMAC_KEY_MISSING` until `verity keys hmac` made its key.
    static func load(environmentID: UUID, db: any Database, protector: DataProtector, now: Int64) async throws -> ResponseSigner {
        guard let key = try await ResponseSigningKeyRepository(db: db).key(environmentID: environmentID, protector: protector) else {
            throw VerityError(.hmacKeyMissing, "this environment has no response-signing key yet: make one with `verity keys hmac`")
        }
        return ResponseSigner(hmacKey: SymmetricKey(data: key),
                              signingKey: try Curve25519.Signing.PrivateKey(
                                rawRepresentation: protector.responseSigningSeeds(environmentID: environmentID, now: now).signing))
    }

    /// `rawResponse` signed as it is: the bytes a client checks are the bytes sent.
    func sign(serviceID: String, rawResponse: String) throws -> HMACData {
        let bytes = Data(rawResponse.utf8)
        let digest = HMAC<SHA256>.authenticationCode(for: bytes, using: hmacKey).map { String(format: "%02x", $0) }.joined()
        return HMACData(serviceID: serviceID, rawResponse: rawResponse, hmacDigest: digest,
                        signature: try signingKey.signature(for: bytes).base64EncodedString())
    }

    /// The public half of the environment's Ed25519 key at `now`, raw and as
    /// PEM, with the next one while a rotation is under way.
    package static func publicKey(environmentID: UUID, protector: DataProtector, now: Int64) throws -> ResponseSigningPublicKey {
        let seeds = protector.responseSigningSeeds(environmentID: environmentID, now: now)
        let (raw, pem) = try publicHalf(seeds.signing)
        let next = try seeds.next.map { next in
            let (raw, pem) = try publicHalf(next.seed)
            return NextResponseSigningKey(publicKey: raw.base64EncodedString(), pem: pem, signsFromEpochMs: next.from)
        }
        return ResponseSigningPublicKey(algorithm: "Ed25519", publicKey: raw.base64EncodedString(), pem: pem, next: next)
    }

    private static func publicHalf(_ seed: Data) throws -> (raw: Data, pem: String) {
        let raw = try Curve25519.Signing.PrivateKey(rawRepresentation: seed).publicKey.rawRepresentation
        // SubjectPublicKeyInfo for Ed25519 (RFC 8410): a fixed 12-byte prefix, then the key.
        let der = Data([0x30, 0x2a, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x03, 0x21, 0x00]) + raw
        let body = der.base64EncodedString(options: [.lineLength64Characters, .endLineWithLineFeed])
        return (raw, "-----BEGIN PUBLIC KEY-----\n" + body + "\n-----END PUBLIC KEY-----\n")
    }
}
