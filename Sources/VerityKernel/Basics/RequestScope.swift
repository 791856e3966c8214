import Fluent
import Vapor
import VerityStore

/// What a request lends the services that serve it, which are built once at
/// start-up: its event loop's database handle (so the work stays on that
/// loop's pool), its logger (carrying its request id), and where capture
/// links point for it (`VERITY_PUBLIC_URL`, or the address it came to).
package struct RequestScope: Sendable {
    package let db: any Database
    package let logger: Logger
    package let links: CaptureLinkAddresses

    package init(db: any Database, logger: Logger, links: CaptureLinkAddresses) {
        self.db = db
        self.logger = logger
        self.links = links
    }
}

/// Makes each request's `RequestScope`: the one thing every surface is handed
/// to reach the database and the logger a request brings.
package struct RequestScopes: Sendable {
    let settings: Settings
    let protector: DataProtector

    /// What `request` lends the services that serve it.
    /// `db`: the request's database handle when the caller already holds one.
    package func of(_ request: Request, db: (any Database)? = nil) -> RequestScope {
        RequestScope(db: db ?? request.db, logger: request.logger,
                     links: CaptureLinkAddresses(request: request, settings: settings, protector: protector))
    }

    init(settings: Settings, protector: DataProtector) {
        self.settings = settings
        self.protector = protector
    }
}
