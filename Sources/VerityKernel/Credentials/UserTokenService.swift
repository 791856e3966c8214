import Foundation
import JWTKit
import VerityAPI
import VerityCore
import VerityStore

/// Mints and checks end-user tokens: HS256 JWTs naming the user and their
/// environment, each also recorded (as a hash of its id) so it can be revoked.
///
/// Tokens are signed with the current derived keys and name them (`kid`).
/// After a rotation of the derived keys, a token signed before it (with the
/// retiring key, or with no `kid`, as before tokens named their key) is
/// accepted until the rotation's window ends.
package struct UserTokenService: Sendable {
    let keys: JWTKeyCollection
    let clock: VerityClock
    let currentKid: String
    /// Until when a token not signed with the current key is accepted; nil: no rotation is under way.
    let retiringUntil: Int64?

    package static func make(protector: DataProtector, clock: VerityClock) async -> UserTokenService {
        let keys = JWTKeyCollection()
        let current = protector.tokenSigningKey
        // The default key checks tokens without a `kid`: made before a
        // rotation if one is under way, else made before tokens named their key.
        if let retiring = protector.retiringTokenSigningKey {
            await keys.add(hmac: HMACKey(from: retiring.bytes), digestAlgorithm: .sha256)
            await keys.add(hmac: HMACKey(from: retiring.bytes), digestAlgorithm: .sha256, kid: JWKIdentifier(string: retiring.kid))
        } else {
            await keys.add(hmac: HMACKey(from: current.bytes), digestAlgorithm: .sha256)
        }
        await keys.add(hmac: HMACKey(from: current.bytes), digestAlgorithm: .sha256, kid: JWKIdentifier(string: current.kid))
        return UserTokenService(keys: keys, clock: clock, currentKid: current.kid, retiringUntil: protector.retiringTokenSigningKey?.until)
    }

    struct Payload: JWTPayload {
        var sub: SubjectClaim
        var env: String
        var jti: IDClaim
        var iat: IssuedAtClaim
        var exp: ExpirationClaim
        var iss: IssuerClaim

        static let issuer = "verity"

        // Expiry is checked against Verity's clock after verification.
        func verify(using algorithm: some JWTAlgorithm) async throws {
            guard iss.value == Self.issuer else { throw VerityError(.invalidToken, "the token was not issued by Verity") }
        }
    }

    /// A signed token for `userID` in `environmentID`, and its id (to record).
    package func mint(userID: UUID, environmentID: UUID, ttlSeconds: Int) async throws -> (token: UserToken, tokenID: String) {
        let now = clock.nowMillis()
        let expires = now + Int64(ttlSeconds) * 1000
        let tokenID = Base62.random(length: 24)
        let payload = Payload(
            sub: SubjectClaim(value: userID.uuidString), env: environmentID.uuidString, jti: IDClaim(value: tokenID),
            iat: IssuedAtClaim(value: Date(timeIntervalSince1970: Double(now) / 1000)),
            exp: ExpirationClaim(value: Date(timeIntervalSince1970: Double(expires) / 1000)),
            iss: IssuerClaim(value: Payload.issuer))
        let token = try await keys.sign(payload, kid: JWKIdentifier(string: currentKid))
        return (UserToken(token: token, expiresAtEpochMs: expires), tokenID)
    }

    /// The verified claims of `token`; throws `INVALID_TOKEN` for anything
    /// forged, malformed or expired.
    package func verify(_ token: String) async throws -> (userID: UUID, environmentID: UUID, tokenID: String) {
        guard token.count <= 2048 else { throw VerityError(.invalidToken, "the token is not valid") }
        let payload: Payload
        do {
            payload = try await keys.verify(token, as: Payload.self)
        } catch {
            throw VerityError(.invalidToken, "the token is not valid")
        }
        let nowMillis = clock.nowMillis()
        if let retiringUntil, nowMillis >= retiringUntil, Self.kid(of: token) != currentKid {
            throw VerityError(.invalidToken, "the token was signed with a key that has been retired: ask for a new one")
        }
        let now = Date(timeIntervalSince1970: Double(nowMillis) / 1000)
        guard payload.exp.value > now else { throw VerityError(.invalidToken, "the token has expired") }
        guard let userID = UUID(uuidString: payload.sub.value), let environmentID = UUID(uuidString: payload.env) else {
            throw VerityError(.invalidToken, "the token is not valid")
        }
        return (userID, environmentID, payload.jti.value)
    }

    /// The `kid` of a token's header (already verified), if it names one.
    static func kid(of token: String) -> String? {
        guard let header = token.split(separator: ".").first else { return nil }
        var base64 = header.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        guard let data = Data(base64Encoded: base64) else { return nil }
        return (try? JSONDecoder().decode(TokenHeader.self, from: data))?.kid
    }

    /// The one field of a token's header read here; JWTKit checks the rest.
    private struct TokenHeader: Decodable {
        let kid: String?
    }
}
