import Fluent
import VerityCore
import Vapor
import VerityStore

/// The shared parts `configure` builds once, from which it builds each
/// surface's controllers (`VerityApp+Routes.swift`). It stays in the app:
/// a controller is handed only what it uses, never this.
struct ServerDependencies: Sendable {
    let settings: Settings
    let protector: DataProtector
    let clock: VerityClock
    let tokens: UserTokenService
    let dataSources: DataSourceProvider
    let pki: CertificationPKI
    let issuer: CertificateIssuer
    /// The server's job worker: kick it after enqueueing.
    let jobs: JobWorker
    /// The document and face engines on the engine pool (face models loaded once).
    let documentEngines: DocumentEngines
    /// Requests waiting for the document checks they submitted.
    let documentChecks: DocumentCheckWaiters
    let messaging: CertificationMessaging
    /// The matcher over the imported sanctions list (VerifyCompliance), built once per list.
    let sanctions: SanctionsScreening
    /// Wakes the worker after an outcome a request settled (webhook deliveries leave at once).
    let webhookWake: WebhookWake
    /// The `Idempotency-Key` claims this server holds: said alive, given up once the database is back.
    let heldClaims: HeldClaims
    /// The console sign-ins this server is hashing or waiting to hash (`SignInGuard`).
    let signInHashing: SignInGuard.HashingQueue

    var scopes: RequestScopes { RequestScopes(settings: settings, protector: protector) }

    var idempotency: Idempotency { Idempotency(protector: protector, clock: clock, claims: heldClaims) }

    /// The end-user token check every `/v1/identity` route sits behind.
    var userTokens: UserTokenMiddleware {
        UserTokenMiddleware(tokens: tokens, protector: protector, clock: clock, scopes: scopes, idempotency: idempotency)
    }

    /// The secret-key check every admin route sits behind.
    var secretKeys: SecretKeyMiddleware { SecretKeyMiddleware(clock: clock, scopes: scopes, idempotency: idempotency) }
}
