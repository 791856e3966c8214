import Foundation
import VerityAPI
import VerityCore
import VerityStore
import VerityKernel

/// An environment's webhook endpoints as its backend and operators manage
/// them: register (the secret shown once), list, disable and enable, rotate
/// the secret (the old one signs beside the new for a day), read the delivery
/// log, send a delivery again. Built once at start-up; each call works in the
/// context's environment, through its database handle.
package struct WebhookEndpointService: Sendable {
    let protector: DataProtector
    let clock: VerityClock
    /// This server's worker and its memory of which environments listen (nil
    /// for the CLI: what it queues, a running server sends).
    var wake: WebhookWake? = nil

    /// How long the previous secret keeps signing after a rotation.
    static let rotationOverlapMilliseconds: Int64 = 86_400_000
    static let maximumListedDeliveries = 200

    package func register(_ input: WebhookEndpointInput, context: AdminContext) async throws -> WebhookEndpointSecret {
        let url = try WebhookAddress.validatedURL(input.url)
        let events = input.events ?? WebhookEventType.allCases
        guard !events.isEmpty else { throw VerityError.invalid("events", "events names at least one event type, or is left out for all") }
        if let description = input.description {
            guard description.count <= 200, !description.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
                throw VerityError.invalid("description", "description is at most 200 printable characters")
            }
        }
        let endpoints = WebhookEndpointRepository(db: context.db)
        guard try await endpoints.endpoints(environmentID: context.environmentID).count < WebhookEndpointRepository.maximumPerEnvironment else {
            throw VerityError.invalid("url", "an environment has at most \(WebhookEndpointRepository.maximumPerEnvironment) endpoints")
        }
        let secret = Self.newSecret(), id = UUID()
        let endpoint = WebhookEndpointModel(environmentID: context.environmentID, url: url.absoluteString,
                                            eventTypes: Array(Set(events.map(\.rawValue))).sorted(), description: input.description,
                                            secretSealed: try protector.seal(text: secret, at: .of(.webhookSecret, id)), createdAt: clock.nowMillis())
        endpoint.id = id
        try await endpoints.create(endpoint)
        try await audit("webhook.endpoint.created", context)
        return WebhookEndpointSecret(endpoint: try Self.view(endpoint), secret: secret, previousSecretValidUntilEpochMs: nil)
    }

    package func list(context: AdminContext) async throws -> [WebhookEndpointView] {
        try await WebhookEndpointRepository(db: context.db).endpoints(environmentID: context.environmentID).map(Self.view)
    }

    func show(_ id: String, context: AdminContext) async throws -> WebhookEndpointView {
        try Self.view(try await endpoint(id, context: context))
    }

    package func setEnabled(_ id: String, _ enabled: Bool, context: AdminContext) async throws -> WebhookEndpointView {
        let endpoint = try await endpoint(id, context: context)
        let endpoints = WebhookEndpointRepository(db: context.db)
        try await endpoints.setStatus(id: try endpoint.requireID(), enabled ? .enabled : .disabled, reason: enabled ? nil : "operator")
        try await audit(enabled ? "webhook.endpoint.enabled" : "webhook.endpoint.disabled", context)
        return try Self.view(try await endpoints.endpoint(id: try endpoint.requireID()) ?? endpoint)
    }

    package func rotateSecret(_ id: String, context: AdminContext) async throws -> WebhookEndpointSecret {
        let endpoint = try await endpoint(id, context: context)
        let secret = Self.newSecret()
        let until = clock.nowMillis() + Self.rotationOverlapMilliseconds
        let endpoints = WebhookEndpointRepository(db: context.db)
        try await endpoints.rotate(id: try endpoint.requireID(), newSecret: secret, protector: protector, previousUntil: until)
        try await audit("webhook.endpoint.secret-rotated", context)
        return WebhookEndpointSecret(endpoint: try Self.view(try await endpoints.endpoint(id: try endpoint.requireID()) ?? endpoint),
                                     secret: secret, previousSecretValidUntilEpochMs: until)
    }

    package func deliveries(_ id: String, limit: Int?, context: AdminContext) async throws -> [WebhookDeliveryView] {
        let endpoint = try await endpoint(id, context: context)
        let count = limit ?? 50
        guard (1...Self.maximumListedDeliveries).contains(count) else {
            throw VerityError.invalid("limit", "limit is 1–\(Self.maximumListedDeliveries)")
        }
        return try await WebhookDeliveryRepository(db: context.db).deliveries(endpointID: try endpoint.requireID(), limit: count)
            .map(Self.view)
    }

    /// Queues the delivery's event again, to the same endpoint; the receiver
    /// gets the same event id (it may have seen it already).
    package func redeliver(_ id: String, context: AdminContext) async throws -> WebhookDeliveryView {
        let deliveries = WebhookDeliveryRepository(db: context.db)
        guard let deliveryID = UUID(uuidString: id), let delivery = try await deliveries.delivery(id: deliveryID),
              delivery.endpoint.$environment.id == context.environmentID else {
            throw VerityError(.notFound, "No delivery has that id.", field: "id")
        }
        guard delivery.endpoint.status == .enabled else {
            throw VerityError(.webhookEndpointDisabled, "The endpoint is disabled: enable it before sending anything to it.")
        }
        try await deliveries.redeliver(id: deliveryID, now: clock.nowMillis())
        wake?.kick()
        try await audit("webhook.delivery.redelivered", context)
        return try Self.view(try await deliveries.delivery(id: deliveryID) ?? delivery)
    }

    // MARK: Plumbing

    private func endpoint(_ id: String, context: AdminContext) async throws -> WebhookEndpointModel {
        guard let uuid = UUID(uuidString: id),
              let endpoint = try await WebhookEndpointRepository(db: context.db).endpoint(id: uuid, environmentID: context.environmentID) else {
            throw VerityError(.notFound, "No webhook endpoint has that id.", field: "id")
        }
        return endpoint
    }

    private func audit(_ action: String, _ context: AdminContext) async throws {
        try await AuditRepository(db: context.db).record(action, actor: context.change.actor, environmentID: context.environmentID,
                                                         userID: nil, now: clock.nowMillis())
    }

    static func newSecret() -> String { "whsec_" + Base62.random(length: 40) }

    static func view(_ endpoint: WebhookEndpointModel) throws -> WebhookEndpointView {
        WebhookEndpointView(id: try endpoint.requireID(), url: endpoint.url,
                            events: endpoint.eventTypeNames.compactMap(WebhookEventType.init(rawValue:)),
                            description: endpoint.endpointDescription, status: endpoint.status.rawValue,
                            disabledReason: endpoint.disabledReason, failingSinceEpochMs: endpoint.failingSince,
                            createdAtEpochMs: endpoint.createdAt)
    }

    static func view(_ delivery: WebhookDeliveryModel) throws -> WebhookDeliveryView {
        WebhookDeliveryView(id: try delivery.requireID(), eventID: WebhookEvents.publicID(delivery.$event.id), eventType: delivery.event.type,
                                   status: delivery.status.rawValue, attempts: delivery.attempts, lastStatusCode: delivery.lastStatusCode,
                                   lastLatencyMilliseconds: delivery.lastLatencyMilliseconds, lastError: delivery.lastError,
                                   createdAtEpochMs: delivery.createdAt, deliveredAtEpochMs: delivery.deliveredAt)
    }

    package init(protector: DataProtector, clock: VerityClock, wake: WebhookWake? = nil) {
        self.protector = protector
        self.clock = clock
        self.wake = wake
    }
}
