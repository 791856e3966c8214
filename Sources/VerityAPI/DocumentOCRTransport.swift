import Crypto
import Foundation

/// The OCR service's transport encryption, the same code on both ends.
///
/// The SDK opens a session with an ephemeral X25519 public key; the server
/// answers with its own, made for this session and forgotten at once. Both
/// derive, with HKDF-SHA256 over the shared secret (salt: the session id),
/// three AES-256-GCM keys, one per message: the front image's request, the
/// back image's request, and the combined response. Each sealed message
/// authenticates its purpose and session as associated data, so a sealed
/// front cannot pass for a back or for another session's front. The server
/// keeps the keys (sealed) only until the combination ends the session.
public enum OCRTransport {
    public enum Purpose: String, Sendable, CaseIterable {
        /// `decryptionKeys.nationalIdFrontRequestKey`
        case frontRequest = "nationalIdFrontRequestKey"
        /// `decryptionKeys.nationalIdBackRequestKey`
        case backRequest = "nationalIdBackRequestKey"
        /// `decryptionKeys.combineResponseKey`
        case combineResponse = "combineResponseKey"
    }

    /// The three keys of session `sessionID` from one side's private key and the other's public key.
    public static func keys(privateKey: Curve25519.KeyAgreement.PrivateKey, peerPublicKey: Data,
                            sessionID: String) throws -> [Purpose: SymmetricKey] {
        let peer = try Curve25519.KeyAgreement.PublicKey(rawRepresentation: peerPublicKey)
        let secret = try privateKey.sharedSecretFromKeyAgreement(with: peer)
        var keys: [Purpose: SymmetricKey] = [:]
        for purpose in Purpose.allCases {
            keys[purpose] = secret.hkdfDerivedSymmetricKey(using: SHA256.self, salt: Data(sessionID.utf8),
                                                           sharedInfo: Data("verity-ocr-v1|\(purpose.rawValue)".utf8), outputByteCount: 32)
        }
        return keys
    }

    /// AES-GCM: nonce, ciphertext and tag, base64, bound to the purpose and session.
    public static func seal(_ plaintext: Data, key: SymmetricKey, purpose: Purpose, sessionID: String) throws -> String {
        let box = try AES.GCM.seal(plaintext, using: key, authenticating: associatedData(purpose, sessionID))
        guard let combined = box.combined else { throw CryptoKitError.incorrectParameterSize }
        return combined.base64EncodedString()
    }

    /// The plaintext, or nil when the message is not base64, was tampered
    /// with, or was sealed under another key, purpose or session.
    public static func open(_ sealed: String, key: SymmetricKey, purpose: Purpose, sessionID: String) -> Data? {
        guard let combined = Data(base64Encoded: sealed), let box = try? AES.GCM.SealedBox(combined: combined) else { return nil }
        return try? AES.GCM.open(box, using: key, authenticating: associatedData(purpose, sessionID))
    }

    static func associatedData(_ purpose: Purpose, _ sessionID: String) -> Data {
        Data("\(purpose.rawValue)|\(sessionID)".utf8)
    }
}
