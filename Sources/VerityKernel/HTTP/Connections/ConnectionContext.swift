import Vapor

/// What every connection of one server shares: the app that answers, the
/// limits, the ledger of connections and the body limits of its routes.
final class ConnectionContext: Sendable {
    let application: Application
    let limits: ConnectionLimits
    let ledger: ConnectionLedger
    let bodyLimits: RouteBodyLimits
    let largeBodies: LargeBodies?
    /// Whose word on the client's address is taken: the address every request carries (`Request.remoteAddress`).
    let proxies: TrustedProxies
    /// Paths the probe lane answers.
    static let probePaths: Set<String> = ["/healthz", "/readyz"]

    init(application: Application, limits: ConnectionLimits, ledger: ConnectionLedger, proxies: TrustedProxies) {
        self.proxies = proxies
        self.application = application
        self.limits = limits
        self.ledger = ledger
        bodyLimits = RouteBodyLimits(routes: application.routes)
        largeBodies = application.storage[LargeBodiesKey.self]
    }
}
