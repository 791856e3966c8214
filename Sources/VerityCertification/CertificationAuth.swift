import Fluent
import Vapor
import VerityAPI
import VerityCore
import VerityStore
import VerityKernel

/// Who a certification request speaks for, and from which verified device;
/// with the request's database handle (its event loop's pool) and logger
/// (its request id), which the services, built once, use for this request.
package struct CertificationContext: Sendable {
    package let userID: UUID
    package let environmentID: UUID
    /// The verified device a device token is bound to; nil with the app's user token.
    let device: CertificationDeviceModel?
    let db: any Database
    package let logger: Logger

    /// The verified device, or `DEVICE_NOT_VERIFIED` for a user token.
    func requireDevice() throws(VerityError) -> CertificationDeviceModel {
        guard let device else {
            throw VerityError(.deviceNotVerified, "Verify this device with the SMS code and use its device token.")
        }
        return device
    }

    package init(userID: UUID, environmentID: UUID, device: CertificationDeviceModel?, db: any Database, logger: Logger) {
        self.userID = userID
        self.environmentID = environmentID
        self.device = device
        self.db = db
        self.logger = logger
    }
}

/// Device tokens: opaque, stored as SHA-256, bound to a verified device.
enum DeviceTokens {
    static let prefix = "vdt_"
    static let lifetimeMilliseconds: Int64 = 30 * 86_400_000
    /// How long tokens may be exchanged for new ones after the device was
    /// verified by SMS: then it proves itself again.
    static let chainLifetimeMilliseconds: Int64 = 180 * 86_400_000
    /// The header the SDK sends with its install's identifier; must match the token's device.
    static let deviceHeader = WireHeader.deviceID

    static func hash(deviceID: String) -> String { DataProtector.hashSecret("device:" + deviceID) }

    /// A new token for `device`, recorded; returns the token to hand out once.
    static func mint(device: CertificationDeviceModel, on db: any Database, now: Int64) async throws -> (String, Int64) {
        let token = prefix + Base62.random(length: 40)
        let expires = now + lifetimeMilliseconds
        try await DeviceTokenRepository(db: db).create(DeviceTokenModel(
            tokenHash: DataProtector.hashSecret(token), deviceID: try device.requireID(), userID: device.$user.id,
            expiresAt: expires, createdAt: now))
        return (token, expires)
    }

    /// The token's row and device, or `INVALID_TOKEN` with what to do about it.
    /// `allowStale`: accept an expired token or one revoked because the
    /// certification changed (only to exchange it for a new one).
    static func resolve(_ token: String, request: Request, on db: any Database, now: Int64,
                        allowStale: Bool = false) async throws -> (DeviceTokenModel, CertificationDeviceModel, UUID) {
        guard token.count <= 128, let row = try await DeviceTokenRepository(db: db).token(hash: DataProtector.hashSecret(token)) else {
            throw VerityError(.invalidToken, "The device token is not known: verify the device again.", resolution: .verifyDevice)
        }
        if let reason = row.revocation {
            guard allowStale, reason == .certificationChanged else {
                throw VerityError(.invalidToken, reason == .certificationChanged
                                  ? "The user's certification changed: ask for a new device token."
                                  : "The device token is no longer valid: verify the device again.", resolution: reason.resolution)
            }
        }
        if row.expiresAt <= now, !allowStale {
            throw VerityError(.invalidToken, "The device token has expired: ask for a new one.", resolution: .refreshToken)
        }
        guard row.device.verifiedAt != nil else {
            throw VerityError(.invalidToken, "The device is not verified: verify it again.", resolution: .verifyDevice)
        }
        // The token proves possession of a verified device only with the
        // device's identifier beside it: a token copied off the device without
        // it (a log, a backup, a proxy) must not sign or approve anything.
        guard let claimed = request.headers.first(name: deviceHeader), !claimed.isEmpty else {
            throw VerityError(.invalidToken, "A device token is only accepted with its device's identifier in the \(deviceHeader) header.")
        }
        guard hash(deviceID: claimed) == row.device.deviceHash else {
            throw VerityError(.invalidToken, "The device token belongs to another device.", resolution: .verifyDevice)
        }
        return (row, row.device, row.user.$environment.id)
    }
}

extension DeviceTokenModel.RevocationReason {
    /// What the client is told to do about a token revoked for this reason.
    var resolution: TokenResolution {
        switch self {
        case .certificationChanged: .refreshToken
        case .rotated, .locked, .userRevoked: .verifyDevice
        }
    }
}

/// Admits a device token (`vdt_…`) or the app's user token (JWT); a device
/// token also names the verified device. Each credential is counted against
/// its environment's per-token limit (`RequestLimits.userTokenRequestsPerMinute`),
/// as on the identity routes: a stolen token cannot sign or poll unbounded.
struct CertificationAuthMiddleware: AsyncMiddleware {
    let tokens: UserTokenService
    let protector: DataProtector
    let clock: VerityClock
    let idempotency: Idempotency

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let bearer = try request.bearerCredential()
        let now = clock.nowMillis()
        let caller: Caller
        if bearer.hasPrefix(DeviceTokens.prefix) {
            let (token, device, environmentID) = try await DeviceTokens.resolve(bearer, request: request, on: request.db, now: now)
            guard let environment = try await TenantRepository(db: request.db).environment(id: environmentID) else {
                throw VerityError(.invalidToken, "The device token's environment no longer exists.")
            }
            try await RequestRateLimit(clock: clock).admit(
                request, keyID: try token.requireID(), surface: "certification",
                limit: environment.configuration.limits.userTokenRequestsPerMinute, credential: "this device token")
            caller = Caller(userID: device.$user.id, environmentID: environmentID, device: device)
        } else {
            caller = try await userTokenCaller(bearer, request: request, now: now)
        }
        request.tenantEnvironmentID = caller.environmentID
        request.storage[CertificationContextKey.self] = caller.context(of: request)
        return try await EngineTenant.serving(caller.environmentID) {
            try await idempotency.run(request, scope: caller.userID) { try await next.respond(to: request) }
        }
    }

    init(tokens: UserTokenService, protector: DataProtector, clock: VerityClock, idempotency: Idempotency) {
        self.tokens = tokens
        self.protector = protector
        self.clock = clock
        self.idempotency = idempotency
    }
}

extension CertificationAuthMiddleware {
    /// Whom a credential speaks for, before the request's context is made.
    struct Caller {
        let userID: UUID
        let environmentID: UUID
        let device: CertificationDeviceModel?

        /// The context, with the request's handle and its logger naming the user.
        func context(of request: Request) -> CertificationContext {
            request.logger[metadataKey: "user_id"] = .string(userID.uuidString)
            return CertificationContext(userID: userID, environmentID: environmentID, device: device, db: request.db, logger: request.logger)
        }
    }

    /// The caller of the app's user token (a JWT recorded when minted): no
    /// device. Counted in its own window, apart from the token's identity requests.
    func userTokenCaller(_ bearer: String, request: Request, now: Int64) async throws -> Caller {
        let claims = try await tokens.verify(bearer)
        let (found, requests) = try await UserRepository(db: request.db, protector: protector).session(
            tokenID: claims.tokenID, userID: claims.userID, environmentID: claims.environmentID, now: now,
            counting: RateLimitRepository.Hit(keyID: UUID(naming: claims.tokenID), product: "certification", now: now))
        guard let session = found else { throw VerityError(.invalidToken, "The user token is not valid, has expired or was revoked.") }
        try RequestRateLimit(clock: clock).check(
            request, requests: requests, limit: session.configuration.limits.userTokenRequestsPerMinute, credential: "this user token")
        return Caller(userID: claims.userID, environmentID: claims.environmentID, device: nil)
    }
}

enum CertificationContextKey: StorageKey { package typealias Value = CertificationContext }

extension Request {
    func certificationContext() throws -> CertificationContext {
        guard let context = storage[CertificationContextKey.self] else { throw VerityError(.notAuthorized, "a token is required") }
        return context
    }
}
