import Fluent
import VerityCore
import Vapor
import VerityStore

/// What route collections need, built once by `configure`.
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
    /// Threads for document and face engines, never the event loops.
    let engines: EnginePool
    /// The document and face engines on that pool (face models loaded once).
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
}

extension ServerDependencies {
    /// The end-user token check every `/v1/identity` route sits behind.
    var userTokens: UserTokenMiddleware { UserTokenMiddleware(dependencies: self) }

    /// The secret-key check every admin route sits behind.
    var secretKeys: SecretKeyMiddleware { SecretKeyMiddleware(dependencies: self) }

    // The services more than one surface uses, made the same way for each.
    // Each controller makes the ones it calls once, at start-up.

    var idempotency: Idempotency { Idempotency(protector: protector, clock: clock, claims: heldClaims) }

    var captureLinks: CaptureLinkService { CaptureLinkService(clock: clock, wake: webhookWake) }

    var documentSubmissions: DocumentSubmissionService {
        DocumentSubmissionService(protector: protector, clock: clock, jobs: jobs, waiters: documentChecks,
                                  wait: .milliseconds(settings.documentWaitMilliseconds))
    }

    /// What `request` lends the services that serve it.
    /// `db`: the request's database handle when the caller already holds one.
    func scope(of request: Request, db: (any Database)? = nil) -> RequestScope {
        RequestScope(db: db ?? request.db, logger: request.logger,
                     links: CaptureLinkAddresses(request: request, settings: settings, protector: protector))
    }
}

/// What a request lends the services that serve it, which are built once at
/// start-up: its event loop's database handle (so the work stays on that
/// loop's pool), its logger (carrying its request id), and where capture
/// links point for it (`VERITY_PUBLIC_URL`, or the address it came to).
struct RequestScope: Sendable {
    let db: any Database
    let logger: Logger
    let links: CaptureLinkAddresses
}

/// Route components from a typed route's path (see `VerityAPI.Routes`).
func routePath(_ components: [String]) -> [PathComponent] {
    components.map { PathComponent(stringLiteral: $0) }
}

extension Request {
    /// The `userRef` path parameter. The router has already percent-decoded
    /// it once; decoding again would make "a%41b" the same user as "aAb".
    func userRef() throws -> String {
        guard let ref = parameters.get(.userRef) else { throw VerityError(.invalidInput, "userRef is required", field: "userRef") }
        return ref
    }
}
