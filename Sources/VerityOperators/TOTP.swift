import Crypto
import Foundation
import VerityStore

/// Time-based one-time passwords (RFC 6238 over RFC 4226's HOTP), as
/// authenticator apps make them: HMAC-SHA1, 30-second steps, 6 digits. A code
/// is accepted one step either side of now, for clocks that drift and people
/// who type slowly. A step already used to sign in is refused (`OperatorModel.totpLastStep`): a code seen over a shoulder is good once.
package struct TOTP: Sendable {
    package let secret: Data
    var digits = 6
    var periodSeconds: Int64 = 30

    /// A new secret: 160 bits, the size RFC 4226 recommends for SHA-1.
    static func newSecret() -> Data { Data((0..<20).map { _ in UInt8.random(in: .min ... .max) }) }

    /// The time step of `epochSeconds`.
    func step(at epochSeconds: Int64) -> Int64 { epochSeconds / periodSeconds }

    /// The code of time step `step`.
    func code(step: Int64) -> String {
        var counter = UInt64(step).bigEndian
        let message = withUnsafeBytes(of: &counter) { Data($0) }
        let mac = Array(HMAC<Insecure.SHA1>.authenticationCode(for: message, using: SymmetricKey(data: secret)))
        let offset = Int(mac[mac.count - 1] & 0x0F)
        let truncated = (UInt32(mac[offset] & 0x7F) << 24) | (UInt32(mac[offset + 1]) << 16) | (UInt32(mac[offset + 2]) << 8) | UInt32(mac[offset + 3])
        var modulus: UInt32 = 1
        for _ in 0..<digits { modulus *= 10 }
        let value = String(truncated % modulus)
        return String(repeating: "0", count: digits - value.count) + value
    }

    /// The step `typedCode` belongs to, within one step of now; nil when it matches none.
    func matchingStep(_ typedCode: String, at epochSeconds: Int64) -> Int64? {
        let typed = typedCode.filter { !$0.isWhitespace }
        guard typed.count == digits, typed.allSatisfy(\.isASCII), typed.allSatisfy(\.isNumber) else { return nil }
        let now = step(at: epochSeconds)
        for candidate in [now, now - 1, now + 1] where DataProtector.constantTimeEqual(code(step: candidate), typed) {
            return candidate
        }
        return nil
    }

    /// What an authenticator app scans (as a QR code) or is typed into: `otpauth://totp/…`.
    func provisioningURI(issuer: String, account: String) -> String {
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~@"))
        let label = "\(issuer):\(account)".addingPercentEncoding(withAllowedCharacters: allowed.union(CharacterSet(charactersIn: ":"))) ?? account
        let issuerParameter = issuer.addingPercentEncoding(withAllowedCharacters: allowed) ?? issuer
        return "otpauth://totp/\(label)?secret=\(Base32.encode(secret))&issuer=\(issuerParameter)&algorithm=SHA1&digits=\(digits)&period=\(periodSeconds)"
    }
}

/// RFC 4648 base32 without padding, the alphabet authenticator apps read secrets in.
enum Base32 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567".utf8)

    static func encode(_ data: Data) -> String {
        var output = [UInt8](), buffer: UInt32 = 0, bits = 0
        for byte in data {
            buffer = (buffer << 8) | UInt32(byte)
            bits += 8
            while bits >= 5 {
                output.append(alphabet[Int((buffer >> UInt32(bits - 5)) & 0x1F)])
                bits -= 5
            }
        }
        if bits > 0 { output.append(alphabet[Int((buffer << UInt32(5 - bits)) & 0x1F)]) }
        return String(decoding: output, as: UTF8.self)
    }

    /// Nil for a character outside the alphabet; spaces, hyphens and `=` are ignored, case is not.
    static func decode(_ text: String) -> Data? {
        var output = Data(), buffer: UInt32 = 0, bits = 0
        for character in text.uppercased().utf8 where character != UInt8(ascii: " ") && character != UInt8(ascii: "-") && character != UInt8(ascii: "=") {
            guard let value = alphabet.firstIndex(of: character) else { return nil }
            buffer = (buffer << 5) | UInt32(value)
            bits += 5
            if bits >= 8 {
                output.append(UInt8((buffer >> UInt32(bits - 8)) & 0xFF))
                bits -= 8
            }
        }
        return output
    }
}
