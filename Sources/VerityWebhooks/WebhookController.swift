import Vapor
import VerityAPI
import VerityCore
import VerityKernel

/// `/admin/v1/webhooks`: an environment's endpoints and their delivery log, with a secret key.
struct WebhookController: RouteCollection {
    let secretKeys: SecretKeyMiddleware
    /// Built once at start-up; a request brings its context.
    let endpoints: WebhookEndpointService

    func boot(routes: any RoutesBuilder) throws {
        let admin = routes.grouped(secretKeys)
        admin.on(AdminEndpoint.registerWebhook, use: register)
        admin.on(AdminEndpoint.webhooks, use: list)
        admin.on(AdminEndpoint.webhook, use: show)
        admin.on(AdminEndpoint.disableWebhook, use: disable)
        admin.on(AdminEndpoint.enableWebhook, use: enable)
        admin.on(AdminEndpoint.rotateWebhookSecret, use: rotate)
        admin.on(AdminEndpoint.webhookDeliveries, use: deliveries)
        admin.on(AdminEndpoint.redeliver, use: redeliver)
    }

    func register(request: Request, input: WebhookEndpointInput) async throws -> WebhookEndpointSecret {
        try await endpoints.register(input, context: try request.adminContext())
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

    func redeliver(request: Request) async throws -> WebhookDeliveryView {
        try await endpoints.redeliver(try idParameter(request), context: try request.adminContext())
    }

    private func idParameter(_ request: Request) throws -> String {
        guard let id = request.parameters.get(.id) else { throw VerityError.invalid("id", "id is required") }
        return id
    }

    init(secretKeys: SecretKeyMiddleware, endpoints: WebhookEndpointService) {
        self.secretKeys = secretKeys
        self.endpoints = endpoints
    }
}
