import Fluent
import Foundation
import Logging
import VerityAPI
import VerityCore
import VerityStore
import VerityKernel
import VerityWebhooks

/// Operators' webhook tasks from the CLI: the same service the admin API uses.
public struct WebhookOperations: AdminRequestTask {
    package let db: any Database
    package let clock: VerityClock
    let protector: DataProtector
    let links: CaptureLinkAddresses

    public func addWebhook(tenant: String, environment kind: EnvironmentKind, url: String, events: [String]?,
                           description: String?) async throws -> WebhookEndpointSecret {
        let types = try events.map { names in
            try names.map { name throws(VerityError) -> WebhookEventType in
                guard let type = WebhookEventType(rawValue: name) else {
                    throw VerityError.invalid("events", "\(name) is not an event type: \(WebhookEventType.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                return type
            }
        }
        return try await webhooks(tenant, kind) { try await $0.register(WebhookEndpointInput(url: url, events: types, description: description), context: $1) }
    }

    public func list(tenant: String, environment kind: EnvironmentKind) async throws -> [WebhookEndpointView] {
        try await webhooks(tenant, kind) { try await $0.list(context: $1) }
    }

    public func setWebhookEnabled(tenant: String, environment kind: EnvironmentKind, id: String, enabled: Bool) async throws -> WebhookEndpointView {
        try await webhooks(tenant, kind) { try await $0.setEnabled(id, enabled, context: $1) }
    }

    public func rotateWebhookSecret(tenant: String, environment kind: EnvironmentKind, id: String) async throws -> WebhookEndpointSecret {
        try await webhooks(tenant, kind) { try await $0.rotateSecret(id, context: $1) }
    }

    public func webhookDeliveries(tenant: String, environment kind: EnvironmentKind, id: String, limit: Int?) async throws -> [WebhookDeliveryView] {
        try await webhooks(tenant, kind) { try await $0.deliveries(id, limit: limit, context: $1) }
    }

    /// Queues the delivery again; a running server's worker sends it within its poll.
    public func redeliverWebhook(tenant: String, environment kind: EnvironmentKind, deliveryID: String) async throws -> WebhookDeliveryView {
        try await webhooks(tenant, kind) { try await $0.redeliver(deliveryID, context: $1) }
    }

    private func webhooks<T>(_ tenant: String, _ kind: EnvironmentKind,
                             _ body: (WebhookEndpointService, AdminContext) async throws -> T) async throws -> T {
        // A delivery queued again here is sent by a running server's worker.
        let service = WebhookEndpointService(protector: protector, clock: clock)
        return try await body(service, try await cliContext(tenant: tenant, kind: kind, logger: Logger(label: "verity.cli")))
    }
}
