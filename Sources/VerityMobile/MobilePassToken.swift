import Foundation
import VerityStore

/// VerifyHuman's pass token: `vht_<payload>.<signature>`, the payload naming
/// the verification, its environment and when the token expires, signed with
/// HMAC-SHA256 under one of the derived keys (`DerivedKeys`). The app sends it to its
/// backend, which redeems it once with its secret key
/// (`POST /admin/v1/mobile/tokens/verify`).
struct MobilePassToken: Sendable {
    static let lifetimeMilliseconds: Int64 = 5 * 60 * 1000

    let verificationID: UUID
    let environmentID: UUID
    let expiresAt: Int64

    func encoded(_ protector: DataProtector) -> String {
        let payload = DataProtector.base64URL(Data("\(verificationID.uuidString)|\(environmentID.uuidString)|\(expiresAt)".utf8))
        return "vht_\(payload).\(protector.mobileTokenSignature(payload))"
    }

    /// The token's claims when its signature holds (under the current keys,
    /// or the retiring ones while a rotation's window lasts at `now`); nil for anything else.
    static func decode(_ token: String, _ protector: DataProtector, now: Int64) -> MobilePassToken? {
        guard token.hasPrefix("vht_"), token.utf8.count < 300 else { return nil }
        let parts = token.dropFirst(4).split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, protector.mobileTokenSignatureMatches(String(parts[0]), String(parts[1]), now: now) else { return nil }
        var base64 = parts[0].replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        guard let data = Data(base64Encoded: base64) else { return nil }
        let fields = String(decoding: data, as: UTF8.self).split(separator: "|").map(String.init)
        guard fields.count == 3, let verification = UUID(uuidString: fields[0]), let environment = UUID(uuidString: fields[1]),
              let expiry = Int64(fields[2]) else { return nil }
        return MobilePassToken(verificationID: verification, environmentID: environment, expiresAt: expiry)
    }
}
