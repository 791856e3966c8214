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
}

extension ServerDependencies {
    /// The end-user token check every `/v1/identity` route sits behind.
    var userTokens: UserTokenMiddleware { UserTokenMiddleware(tokens: tokens, protector: protector, clock: clock) }
}

/// Route components from a typed route's path (see `VerityAPI.Routes`).
func routePath(_ components: [String]) -> [PathComponent] {
    components.map { PathComponent(stringLiteral: $0) }
}

extension Request {
    /// The `userRef` path parameter. The router has already percent-decoded
    /// it once; decoding again would make "a%41b" the same user as "aAb".
    func userRef() throws -> String {
        guard let ref = parameters.get("userRef") else { throw VerityError(.invalidInput, "userRef is required", field: "userRef") }
        return ref
    }
}
