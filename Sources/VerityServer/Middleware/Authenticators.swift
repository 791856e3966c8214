import Fluent
import Vapor
import VerityCore
import VerityStore

/// The environment a secret key opened, for admin routes.
struct AdminContext: Sendable {
    let environment: EnvironmentModel
    let keyPrefix: String
    /// The request's database handle (its event loop's pool) and logger (its
    /// request id): the services, built once, work through them for this call.
    let db: any Database
    let logger: Logger

    var environmentID: UUID { environment.id! }
}

/// The end user a token speaks for, for identity routes.
typealias IdentityContext = TokenSession

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
    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let secret = try request.bearerCredential()
        guard let (key, environment) = try await TenantRepository(db: request.db).authenticate(secretKey: secret) else {
            throw VerityError(.invalidAPIKey, "the secret key is not valid or was revoked")
        }
        request.logger[metadataKey: "environment_id"] = .string(environment.id?.uuidString ?? "")
        request.storage[AdminContextKey.self] = AdminContext(environment: environment, keyPrefix: key.displayPrefix,
                                                             db: request.db, logger: request.logger)
        return try await next.respond(to: request)
    }
}

/// Admits requests carrying a live end-user token.
struct UserTokenMiddleware: AsyncMiddleware {
    let tokens: UserTokenService
    let protector: DataProtector
    let clock: VerityClock

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let claims = try await tokens.verify(try request.bearerCredential())
        guard let session = try await UserRepository(db: request.db, protector: protector).session(
            tokenID: claims.tokenID, userID: claims.userID, environmentID: claims.environmentID, now: clock.nowMillis())
        else { throw VerityError(.invalidToken, "the token is not valid, has expired or was revoked") }
        request.storage[IdentityContextKey.self] = session
        request.logger[metadataKey: "user_id"] = .string(claims.userID.uuidString)
        return try await next.respond(to: request)
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
