import Foundation
import JWTKit
import VerityAPI
import VerityCore
import VerityStore

/// Mints and checks end-user tokens: HS256 JWTs naming the user and their
/// environment, each also recorded (as a hash of its id) so it can be revoked.
struct UserTokenService: Sendable {
    let keys: JWTKeyCollection
    let clock: VerityClock

    static func make(protector: DataProtector, clock: VerityClock) async -> UserTokenService {
        let keys = JWTKeyCollection()
        await keys.add(hmac: HMACKey(from: protector.tokenSigningKeyBytes), digestAlgorithm: .sha256)
        return UserTokenService(keys: keys, clock: clock)
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
    func mint(userID: UUID, environmentID: UUID, ttlSeconds: Int) async throws -> (token: UserToken, tokenID: String) {
        let now = clock.nowMillis()
        let expires = now + Int64(ttlSeconds) * 1000
        let tokenID = Base62.random(length: 24)
        let payload = Payload(
            sub: SubjectClaim(value: userID.uuidString), env: environmentID.uuidString, jti: IDClaim(value: tokenID),
            iat: IssuedAtClaim(value: Date(timeIntervalSince1970: Double(now) / 1000)),
            exp: ExpirationClaim(value: Date(timeIntervalSince1970: Double(expires) / 1000)),
            iss: IssuerClaim(value: Payload.issuer))
        let token = try await keys.sign(payload)
        return (UserToken(token: token, expiresAtEpochMs: expires), tokenID)
    }

    /// The verified claims of `token`; throws `INVALID_TOKEN` for anything
    /// forged, malformed or expired.
    func verify(_ token: String) async throws -> (userID: UUID, environmentID: UUID, tokenID: String) {
        guard token.count <= 2048 else { throw VerityError(.invalidToken, "the token is not valid") }
        let payload: Payload
        do {
            payload = try await keys.verify(token, as: Payload.self)
        } catch {
            throw VerityError(.invalidToken, "the token is not valid")
        }
        let now = Date(timeIntervalSince1970: Double(clock.nowMillis()) / 1000)
        guard payload.exp.value > now else { throw VerityError(.invalidToken, "the token has expired") }
        guard let userID = UUID(uuidString: payload.sub.value), let environmentID = UUID(uuidString: payload.env) else {
            throw VerityError(.invalidToken, "the token is not valid")
        }
        return (userID, environmentID, payload.jti.value)
    }
}
