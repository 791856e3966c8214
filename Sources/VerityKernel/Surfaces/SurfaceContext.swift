import Vapor
import VerityStore

/// What the app hands every surface: the settings, the data protector and
/// the clock, and the credential checks and request scopes built once from
/// them. A surface takes this plus the few parts of its own (engines,
/// messaging, the webhook wake) and builds its controllers and services
/// itself, so they stay internal to its module.
package struct SurfaceContext: Sendable {
    package let settings: Settings
    package let protector: DataProtector
    package let clock: VerityClock
    /// Issues and checks end-user tokens (the admin API's users, certification sessions).
    package let tokens: UserTokenService
    /// The server's job worker: kick it after enqueueing.
    package let jobs: JobWorker
    package let scopes: RequestScopes
    package let idempotency: Idempotency
    /// The end-user token check every `/v1/identity` and `/v1/ocr` route sits behind.
    package let userTokens: UserTokenMiddleware
    /// The secret-key check every admin route sits behind.
    package let secretKeys: SecretKeyMiddleware

    package init(settings: Settings, protector: DataProtector, clock: VerityClock, tokens: UserTokenService, jobs: JobWorker,
                 heldClaims: HeldClaims) {
        (self.settings, self.protector, self.clock, self.tokens, self.jobs) = (settings, protector, clock, tokens, jobs)
        scopes = RequestScopes(settings: settings, protector: protector)
        idempotency = Idempotency(protector: protector, clock: clock, claims: heldClaims)
        userTokens = UserTokenMiddleware(tokens: tokens, protector: protector, clock: clock, scopes: scopes, idempotency: idempotency)
        secretKeys = SecretKeyMiddleware(clock: clock, protector: protector, scopes: scopes, idempotency: idempotency)
    }
}

/// One product surface's entry point: it registers its routes and nothing
/// else reaches its controllers (as Hummingbird's controllers `addRoutes(to:)`).
package protocol Surface: Sendable {
    func install(on routes: any RoutesBuilder) throws
}
