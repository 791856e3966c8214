import Fluent
import VerityCore
import Vapor
import VerityEnginePool
import VerityStore
import VerityKernel
import VerityWebhooks
import VeritySanctions
import VerityOperators
import VerityIdentity
import VerityCertification

/// The shared parts `configure` builds once, from which it builds each
/// surface (`VerityApp+Routes.swift`). It stays in the app: a surface is
/// handed the `SurfaceContext` and the few parts of its own, never this.
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

    /// Built once from the parts above, and handed to every surface.
    let context: SurfaceContext

    init(settings: Settings, protector: DataProtector, clock: VerityClock, tokens: UserTokenService, dataSources: DataSourceProvider,
         pki: CertificationPKI, issuer: CertificateIssuer, jobs: JobWorker, documentEngines: DocumentEngines,
         documentChecks: DocumentCheckWaiters, messaging: CertificationMessaging, sanctions: SanctionsScreening, webhookWake: WebhookWake,
         heldClaims: HeldClaims, signInHashing: SignInGuard.HashingQueue) {
        (self.settings, self.protector, self.clock, self.tokens, self.dataSources) = (settings, protector, clock, tokens, dataSources)
        (self.pki, self.issuer, self.jobs, self.documentEngines, self.documentChecks) = (pki, issuer, jobs, documentEngines, documentChecks)
        (self.messaging, self.sanctions, self.webhookWake, self.heldClaims) = (messaging, sanctions, webhookWake, heldClaims)
        self.signInHashing = signInHashing
        context = SurfaceContext(settings: settings, protector: protector, clock: clock, tokens: tokens, jobs: jobs, heldClaims: heldClaims)
    }
}
