import Fluent
import Vapor
import VerityStore

/// What a request lends the services that serve it, which are built once at
/// start-up: its event loop's database handle (so the work stays on that
/// loop's pool), its logger (carrying its request id), and where capture
/// links point for it (`VERITY_PUBLIC_URL`, or the address it came to).
struct RequestScope: Sendable {
    let db: any Database
    let logger: Logger
    let links: CaptureLinkAddresses
}

/// Makes each request's `RequestScope`: the one thing every surface is handed
/// to reach the database and the logger a request brings.
struct RequestScopes: Sendable {
    let settings: Settings
    let protector: DataProtector

    /// What `request` lends the services that serve it.
    /// `db`: the request's database handle when the caller already holds one.
    func of(_ request: Request, db: (any Database)? = nil) -> RequestScope {
        RequestScope(db: db ?? request.db, logger: request.logger,
                     links: CaptureLinkAddresses(request: request, settings: settings, protector: protector))
    }
}
