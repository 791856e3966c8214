import Vapor
import VerityAPI
import VerityCore

/// `/admin/v1/webhooks`: an environment's endpoints and their delivery log, with a secret key.
struct WebhookController: RouteCollection {
    let secretKeys: SecretKeyMiddleware
    /// Built once at start-up; a request brings its context.
    let endpoints: WebhookEndpointService

    func boot(routes: any RoutesBuilder) throws {
        let admin = routes.grouped(secretKeys)
        let id = WebhookRoute.idParameter
        func path(_ route: WebhookRoute) -> [PathComponent] { routePath(route.components) }
        admin.post(path(.endpoints), use: register)
        admin.get(path(.endpoints), use: list)
        admin.get(path(.endpoint(id: id)), use: show)
        admin.post(path(.disable(id: id)), use: disable)
        admin.post(path(.enable(id: id)), use: enable)
        admin.post(path(.rotateSecret(id: id)), use: rotate)
        admin.get(path(.deliveries(id: id)), use: deliveries)
        admin.post(path(.redeliver(deliveryID: id)), use: redeliver)
    }

    func register(request: Request) async throws -> Response {
        let input = try RequestBody.decode(WebhookEndpointInput.self, from: request)
        let created = try await endpoints.register(input, context: try request.adminContext())
        return try await created.encodeResponse(status: .created, for: request)
    }

    func list(request: Request) async throws -> [WebhookEndpointView] {
        try await endpoints.list(context: try request.adminContext())
    }

    func show(request: Request) async throws -> WebhookEndpointView {
        try await endpoints.show(try idParameter(request), context: try request.adminContext())
    }

    func disable(request: Request) async throws -> WebhookEndpointView {
        try await endpoints.setEnabled(try idParameter(request), false, context: try request.adminContext())
    }

    func enable(request: Request) async throws -> WebhookEndpointView {
        try await endpoints.setEnabled(try idParameter(request), true, context: try request.adminContext())
    }

    func rotate(request: Request) async throws -> WebhookEndpointSecret {
        try await endpoints.rotateSecret(try idParameter(request), context: try request.adminContext())
    }

    func deliveries(request: Request) async throws -> [WebhookDeliveryView] {
        let limitText = request.query[String.self, at: "limit"]
        let limit = try limitText.map { text throws(VerityError) -> Int in
            guard let value = Int(text) else { throw VerityError.invalid("limit", "limit is a number, 1–200") }
            return value
        }
        return try await endpoints.deliveries(try idParameter(request), limit: limit, context: try request.adminContext())
    }

    func redeliver(request: Request) async throws -> Response {
        let delivery = try await endpoints.redeliver(try idParameter(request), context: try request.adminContext())
        return try await delivery.encodeResponse(status: .accepted, for: request)
    }

    private func idParameter(_ request: Request) throws -> String {
        guard let id = request.parameters.get(.id) else { throw VerityError.invalid("id", "id is required") }
        return id
    }
}
