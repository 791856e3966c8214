import Fluent
import SQLKit
import Vapor
import VerityAPI

/// `/healthz` (the process answers: liveness only) and `/readyz` (it can
/// serve: `ReadinessChecks`, each named in the body, and not stopping
/// (`ServerDrain`); 503 when any fails).
struct HealthController: RouteCollection {
    let settings: Settings
    let models: ModelFilesCheck
    let drain: ServerDrain

    func boot(routes: any RoutesBuilder) throws {
        routes.get(PathComponent(stringLiteral: OpsRoute.healthz.rawValue)) { _ in HealthStatus(status: "ok") }
        routes.get(PathComponent(stringLiteral: OpsRoute.readyz.rawValue), use: ready)
    }

    func ready(request: Request) async throws -> Response {
        let checks = await ReadinessChecks(db: request.db, settings: settings, models: models).run() + [drain.check]
        let ready = checks.allSatisfy { $0.status != "failing" }
        let response = Response(status: ready ? .ok : .serviceUnavailable)
        try response.content.encode(HealthStatus(status: ready ? "ok" : "unavailable", checks: checks), as: .json)
        return response
    }
}
