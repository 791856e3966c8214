import Crypto
import Foundation
import VerityAPI

/// Checks a signed engine response before anything is read from it: the
/// HMAC under the key the tenant's backend holds, or the Ed25519 signature
/// under the environment's published public key.
public enum SignedResponseCheck {
    /// Whether `data.hmacDigest` is HMAC-SHA256 of `data.rawResponse` under `key` (compared in constant time).
    public static func hmacIsValid(_ data: HMACData, key: Data) -> Bool {
        guard let digest = hexBytes(data.hmacDigest), digest.count == 32 else { return false }
        return HMAC<SHA256>.isValidAuthenticationCode(digest, authenticating: Data(data.rawResponse.utf8), using: SymmetricKey(data: key))
    }

    /// Whether `data.signature` is an Ed25519 signature of `data.rawResponse` by `publicKey` (32 raw bytes).
    public static func signatureIsValid(_ data: HMACData, publicKey: Data) -> Bool {
        guard let key = try? Curve25519.Signing.PublicKey(rawRepresentation: publicKey),
              let signature = Data(base64Encoded: data.signature) else { return false }
        return key.isValidSignature(signature, for: Data(data.rawResponse.utf8))
    }

    static func hexBytes(_ text: String) -> [UInt8]? {
        let digits = Array(text.utf8)
        guard digits.count.isMultiple(of: 2) else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(digits.count / 2)
        for index in stride(from: 0, to: digits.count, by: 2) {
            guard let high = nibble(digits[index]), let low = nibble(digits[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
        }
        return bytes
    }

    private static func nibble(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
