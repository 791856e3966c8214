import Fluent
import Vapor
import VerityAPI
import VerityKernel

/// `/healthz` (the process answers: liveness only) and `/readyz` (it can
/// serve: `ReadinessChecks` pass and it is not stopping (`ServerDrain`); 503
/// when any fails). Both are public, so they say ok or not and no more: what
/// failed is logged, and `verity doctor` names every check with what to do.
package struct HealthController: RouteCollection {
    let settings: Settings
    let models: ModelFilesCheck
    let drain: ServerDrain
    /// The HSM check `/readyz` asks, kept a few seconds.
    let hsm: HSMCheck

    package func boot(routes: any RoutesBuilder) throws {
        routes.get(PathComponent(stringLiteral: OpsRoute.healthz.rawValue)) { _ in HealthStatus(status: "ok") }
        routes.get(PathComponent(stringLiteral: OpsRoute.readyz.rawValue), use: ready)
    }

    func ready(request: Request) async throws -> Response {
        let checks = await ReadinessChecks(db: request.db, settings: settings, models: models, hsmCheck: hsm).run() + [drain.check]
        let failing = checks.filter { $0.status == "failing" }
        for check in failing where check.name != drain.check.name {
            request.logger.warning("not ready", metadata: ["check": .string(check.name), "detail": .string(check.detail ?? "")])
        }
        let status = failing.isEmpty ? "ok" : failing.contains { $0.name == drain.check.name } ? "stopping" : "unavailable"
        let response = Response(status: failing.isEmpty ? .ok : .serviceUnavailable)
        try response.content.encode(HealthStatus(status: status), as: .json)
        return response
    }

    package init(settings: Settings, models: ModelFilesCheck, drain: ServerDrain) {
        self.settings = settings
        self.models = models
        self.drain = drain
        hsm = HSMCheck { [settings] in await ReadinessChecks.hsm(settings) }
    }
}
