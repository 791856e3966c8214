import Fluent
import Vapor
import VerityCore
import VerityStore

/// The environment a secret key opened, for admin routes.
package struct AdminContext: Sendable {
    package let environment: EnvironmentModel
    let keyPrefix: String
    let scope: RequestScope
    /// Who the audit trail names for this request's changes: the key's
    /// prefix, or `cli` when the operator's command line acts as the admin API.
    package let change: AuditedChange

    package var environmentID: UUID { environment.id! }
    package var db: any Database { scope.db }
    package var logger: Logger { scope.logger }
    package var links: CaptureLinkAddresses { scope.links }

    package init(environment: EnvironmentModel, keyPrefix: String, scope: RequestScope, change: AuditedChange? = nil) {
        self.environment = environment
        self.keyPrefix = keyPrefix
        self.scope = scope
        self.change = change ?? .key(keyPrefix)
    }
}

/// The end user a token (or a capture link) speaks for, for identity routes.
package struct IdentityContext: Sendable {
    package let session: TokenSession
    package let scope: RequestScope

    package var userID: UUID { session.userID }
    package var environmentID: UUID { session.environmentID }
    /// The environment's rules.
    package var configuration: EnvironmentConfiguration { session.configuration }
    package var consented: Bool { session.consented }
    package var db: any Database { scope.db }
    package var logger: Logger { scope.logger }
    package var links: CaptureLinkAddresses { scope.links }

    package init(session: TokenSession, scope: RequestScope) {
        self.session = session
        self.scope = scope
    }
}

extension Request {
    /// The `Authorization: Bearer` credential, or `NOT_AUTHORIZED`.
    package func bearerCredential() throws -> String {
        guard let bearer = headers.bearerAuthorization?.token, !bearer.isEmpty else {
            throw VerityError(.notAuthorized, "send a credential as Authorization: Bearer <credential>")
        }
        return bearer
    }
}

/// Admits requests carrying a live secret key and records which environment it opens.
package struct SecretKeyMiddleware: AsyncMiddleware {
    let clock: VerityClock
    /// Checks each key's binding to its row (`CredentialBinding`).
    let protector: DataProtector
    let scopes: RequestScopes
    let idempotency: Idempotency

    package func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let secret = try request.bearerCredential()
        let db = request.db
        guard let (key, environment) = try await TenantRepository(db: db).authenticate(secretKey: secret),
              KeyBinding.intact(key.credentialsHold(protector), request.logger)
        else {
            throw VerityError(.invalidAPIKey, "the secret key is not valid or was revoked")
        }
        request.logger[metadataKey: "environment_id"] = .string(environment.id?.uuidString ?? "")
        try await RequestRateLimit(clock: clock).admit(
            request, keyID: try key.requireID(), surface: "admin",
            limit: environment.configuration.limits.secretKeyRequestsPerMinute, credential: "this secret key")
        request.tenantEnvironmentID = environment.id
        request.storage[AdminContextKey.self] = AdminContext(environment: environment, keyPrefix: key.displayPrefix,
                                                             scope: scopes.of(request, db: db))
        // An environment's secret keys share their Idempotency-Keys: a retry after a key rotation still matches.
        return try await EngineTenant.serving(environment.id) {
            try await idempotency.run(request, scope: try environment.requireID()) { try await next.respond(to: request) }
        }
    }

    init(clock: VerityClock, protector: DataProtector, scopes: RequestScopes, idempotency: Idempotency) {
        self.clock = clock
        self.protector = protector
        self.scopes = scopes
        self.idempotency = idempotency
    }
}

/// Admits requests carrying a live end-user token.
package struct UserTokenMiddleware: AsyncMiddleware {
    let tokens: UserTokenService
    let protector: DataProtector
    let clock: VerityClock
    let scopes: RequestScopes
    let idempotency: Idempotency

    package func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
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
        request.tenantEnvironmentID = session.environmentID
        request.storage[IdentityContextKey.self] = IdentityContext(session: session, scope: scopes.of(request, db: db))
        return try await EngineTenant.serving(session.environmentID) {
            try await idempotency.run(request, scope: session.userID) { try await next.respond(to: request) }
        }
    }

    init(tokens: UserTokenService, protector: DataProtector, clock: VerityClock, scopes: RequestScopes, idempotency: Idempotency) {
        self.tokens = tokens
        self.protector = protector
        self.clock = clock
        self.scopes = scopes
        self.idempotency = idempotency
    }
}

enum AdminContextKey: StorageKey { package typealias Value = AdminContext }
enum IdentityContextKey: StorageKey { package typealias Value = IdentityContext }

extension Request {
    package func adminContext() throws -> AdminContext {
        guard let context = storage[AdminContextKey.self] else { throw VerityError(.notAuthorized, "a secret key is required") }
        return context
    }

    package func identityContext() throws -> IdentityContext {
        guard let context = storage[IdentityContextKey.self] else { throw VerityError(.notAuthorized, "a user token is required") }
        return context
    }
}
