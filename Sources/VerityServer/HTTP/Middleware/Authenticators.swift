import Fluent
import Vapor
import VerityCore
import VerityStore

/// The environment a secret key opened, for admin routes.
struct AdminContext: Sendable {
    let environment: EnvironmentModel
    let keyPrefix: String
    let scope: RequestScope

    var environmentID: UUID { environment.id! }
    var db: any Database { scope.db }
    var logger: Logger { scope.logger }
    var links: CaptureLinkAddresses { scope.links }
}

/// The end user a token (or a capture link) speaks for, for identity routes.
struct IdentityContext: Sendable {
    let session: TokenSession
    let scope: RequestScope

    var userID: UUID { session.userID }
    var environmentID: UUID { session.environmentID }
    /// The environment's rules.
    var configuration: EnvironmentConfiguration { session.configuration }
    var consented: Bool { session.consented }
    var db: any Database { scope.db }
    var logger: Logger { scope.logger }
    var links: CaptureLinkAddresses { scope.links }
}

extension Request {
    /// The `Authorization: Bearer` credential, or `NOT_AUTHORIZED`.
    func bearerCredential() throws -> String {
        guard let bearer = headers.bearerAuthorization?.token, !bearer.isEmpty else {
            throw VerityError(.notAuthorized, "send a credential as Authorization: Bearer <credential>")
        }
        return bearer
    }
}

/// Admits requests carrying a live secret key and records which environment it opens.
struct SecretKeyMiddleware: AsyncMiddleware {
    let clock: VerityClock
    let scopes: RequestScopes
    let idempotency: Idempotency

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let secret = try request.bearerCredential()
        let db = request.db
        guard let (key, environment) = try await TenantRepository(db: db).authenticate(secretKey: secret) else {
            throw VerityError(.invalidAPIKey, "the secret key is not valid or was revoked")
        }
        request.logger[metadataKey: "environment_id"] = .string(environment.id?.uuidString ?? "")
        try await RequestRateLimit(clock: clock).admit(
            request, keyID: try key.requireID(), surface: "admin",
            limit: environment.configuration.limits.secretKeyRequestsPerMinute, credential: "this secret key")
        request.storage[AdminContextKey.self] = AdminContext(environment: environment, keyPrefix: key.displayPrefix,
                                                             scope: scopes.of(request, db: db))
        // An environment's secret keys share their Idempotency-Keys: a retry after a key rotation still matches.
        return try await idempotency.run(request, scope: try environment.requireID()) { try await next.respond(to: request) }
    }
}

/// Admits requests carrying a live end-user token.
struct UserTokenMiddleware: AsyncMiddleware {
    let tokens: UserTokenService
    let protector: DataProtector
    let clock: VerityClock
    let scopes: RequestScopes
    let idempotency: Idempotency

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let claims = try await tokens.verify(try request.bearerCredential())
        let now = clock.nowMillis()
        // One database handle for the whole request: `request.db` makes a new one on every read.
        let db = request.db
        let (found, requests) = try await UserRepository(db: db, protector: protector).session(
            tokenID: claims.tokenID, userID: claims.userID, environmentID: claims.environmentID, now: now,
            counting: RateLimitRepository.Hit(keyID: UUID(naming: claims.tokenID), product: "identity", now: now))
        guard let session = found else { throw VerityError(.invalidToken, "the token is not valid, has expired or was revoked") }
        request.logger[metadataKey: "user_id"] = .string(claims.userID.uuidString)
        try RequestRateLimit(clock: clock).check(
            request, requests: requests, limit: session.configuration.limits.userTokenRequestsPerMinute, credential: "this user token")
        request.storage[IdentityContextKey.self] = IdentityContext(session: session, scope: scopes.of(request, db: db))
        return try await idempotency.run(request, scope: session.userID) { try await next.respond(to: request) }
    }
}

enum AdminContextKey: StorageKey { typealias Value = AdminContext }
enum IdentityContextKey: StorageKey { typealias Value = IdentityContext }

extension Request {
    func adminContext() throws -> AdminContext {
        guard let context = storage[AdminContextKey.self] else { throw VerityError(.notAuthorized, "a secret key is required") }
        return context
    }

    func identityContext() throws -> IdentityContext {
        guard let context = storage[IdentityContextKey.self] else { throw VerityError(.notAuthorized, "a user token is required") }
        return context
    }
}
