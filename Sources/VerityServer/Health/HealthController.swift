import Fluent
import SQLKit
import Vapor
import VerityAPI

/// `/healthz` (the process answers) and `/readyz` (the database answers too).
struct HealthController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.get(PathComponent(stringLiteral: OpsRoute.healthz.rawValue)) { _ in HealthStatus(status: "ok") }
        routes.get(PathComponent(stringLiteral: OpsRoute.readyz.rawValue), use: ready)
    }

    func ready(request: Request) async throws -> Response {
        let healthy: Bool
        if let sql = request.db as? any SQLDatabase {
            healthy = (try? await sql.raw("SELECT 1").run()) != nil
        } else {
            healthy = false
        }
        let response = Response(status: healthy ? .ok : .serviceUnavailable)
        try response.content.encode(HealthStatus(status: healthy ? "ok" : "unavailable"), as: .json)
        return response
    }
}
