import Crypto
import Foundation
import VerityWire

/// How deliveries are signed, the same code on both ends: the
/// `Verity-Signature` header holds the time of signing and one HMAC-SHA256
/// per live secret over `"<t>.<body>"` (two during a rotation):
/// `t=1764000000,v1=<hex>,v1=<hex>`. The time is signed with the body, so an
/// old delivery replayed later is refused by its age.
public enum WebhookSignature {
    public static let header = WireHeader.webhookSignature
    public static let scheme = "v1"
    /// How old a delivery may be when checked, by default (five minutes).
    public static let defaultTolerance: TimeInterval = 300

    /// Why a delivery's signature was refused.
    public enum Failure: Error, Equatable, Sendable {
        /// No `t=` or no `v1=` in the header, or they are not numbers and hex.
        case malformedHeader
        /// Signed longer ago (or further ahead) than the tolerance allows.
        case timestampOutsideTolerance
        /// No signature matches any of the secrets.
        case noMatchingSignature
        /// No secret to check with.
        case noSecret
    }

    /// The header for `body` signed at `timestamp` (epoch seconds) with each secret.
    public static func header(for body: Data, secrets: [String], timestamp: Int64) -> String {
        let signed = signedPayload(body, timestamp: timestamp)
        let signatures = secrets.map { secret in
            "\(scheme)=" + HMAC<SHA256>.authenticationCode(for: signed, using: SymmetricKey(data: Data(secret.utf8))).hexString
        }
        return (["t=\(timestamp)"] + signatures).joined(separator: ",")
    }

    /// Checks `header` against `body`: the time within `tolerance` of `now`
    /// and one signature made with one of `secrets` (compared in constant time).
    public static func verify(_ body: Data, header: String, secrets: [String], tolerance: TimeInterval = defaultTolerance,
                              now: Date = Date()) throws(Failure) {
        guard !secrets.isEmpty else { throw .noSecret }
        var timestamp: Int64?
        var signatures: [Data] = []
        for part in header.split(separator: ",") {
            let pair = part.trimmingCharacters(in: .whitespaces).split(separator: "=", maxSplits: 1).map(String.init)
            guard pair.count == 2 else { continue }
            if pair[0] == "t" {
                guard let value = Int64(pair[1]) else { throw .malformedHeader }
                timestamp = value
            } else if pair[0] == scheme {
                guard let bytes = hexBytes(pair[1]) else { throw .malformedHeader }
                signatures.append(bytes)
            }
        }
        guard let timestamp, !signatures.isEmpty else { throw .malformedHeader }
        guard abs(now.timeIntervalSince1970 - Double(timestamp)) <= tolerance else { throw .timestampOutsideTolerance }
        let signed = signedPayload(body, timestamp: timestamp)
        for secret in secrets {
            let key = SymmetricKey(data: Data(secret.utf8))
            // isValidAuthenticationCode compares in constant time.
            if signatures.contains(where: { HMAC<SHA256>.isValidAuthenticationCode($0, authenticating: signed, using: key) }) { return }
        }
        throw .noMatchingSignature
    }

    private static func signedPayload(_ body: Data, timestamp: Int64) -> Data {
        Data("\(timestamp).".utf8) + body
    }

    private static func hexBytes(_ text: String) -> Data? {
        let digits = Array(text.utf8)
        guard digits.count == 64 else { return nil }
        var bytes = Data(capacity: 32)
        for index in stride(from: 0, to: 64, by: 2) {
            guard let byte = UInt8(String(decoding: digits[index..<index + 2], as: UTF8.self), radix: 16) else { return nil }
            bytes.append(byte)
        }
        return bytes
    }
}
