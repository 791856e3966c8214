import Foundation
import Vapor
import VerityAPI
import VerityCore
import VerityKernel
import VerityPages

/// The demo's stand-in for a tenant's backend: a webhook endpoint of the demo
/// environment at `/examples/webhooks` on the demo itself. It checks each
/// delivery's signature as a backend must (`WebhookSignature`) and counts
/// what arrived by event type; `GET /examples/webhooks` shows the counts (no
/// payload is kept: deliveries carry user references).
package actor DemoWebhookReceiver {
    static let path = ["examples", "webhooks"]
    private let secret: String
    /// The server's clock: a delivery's signature is as old as the server says, not the wall's.
    private let clock: VerityClock
    package private(set) var counts = Counts()

    package struct Counts: Codable, Sendable {
        /// Deliveries whose signature held, by event type.
        var verified: [String: Int] = [:]
        /// Deliveries refused (no or a wrong signature).
        var refused = 0
    }

    private init(secret: String, clock: VerityClock) {
        self.secret = secret
        self.clock = clock
    }

    /// Registers the receiver as the demo environment's endpoint (every event
    /// type) when `create` says so, or, when an earlier start did, gives that
    /// endpoint a new secret (the demo keeps no secret on disk); nil when
    /// there is none and none is to be made.
    package static func connect(_ operations: AdminOperations, clock: VerityClock, baseURL: String,
                                create: Bool) async throws -> DemoWebhookReceiver? {
        let url = baseURL + "/" + path.joined(separator: "/")
        if let existing = try await operations.webhooks.list(tenant: DemoSetup.tenant, environment: .test).first(where: { $0.url == url }) {
            let rotated = try await operations.webhooks.rotateWebhookSecret(tenant: DemoSetup.tenant, environment: .test, id: existing.id.uuidString)
            return DemoWebhookReceiver(secret: rotated.secret, clock: clock)
        }
        guard create else { return nil }
        let added = try await operations.webhooks.addWebhook(tenant: DemoSetup.tenant, environment: .test, url: url, events: nil,
                                                             description: "The demo's receiver (verity demo)")
        return DemoWebhookReceiver(secret: added.secret, clock: clock)
    }

    /// Whether a delivery's signature holds; counted either way.
    private func receive(_ body: Data, header: String) -> Bool {
        let now = Date(timeIntervalSince1970: Double(clock.nowMillis()) / 1000)
        guard (try? WebhookSignature.verify(body, header: header, secrets: [secret], now: now)) != nil else {
            counts.refused += 1
            return false
        }
        counts.verified[(try? JSONDecoder().decode(EventType.self, from: body))?.type ?? "unreadable", default: 0] += 1
        return true
    }

    package nonisolated func register(on routes: any RoutesBuilder) {
        let path = Self.path.map { PathComponent(stringLiteral: $0) }
        routes.on(.POST, path, body: .collect(maxSize: "1mb")) { [self] request in
            let body = Data(buffer: request.body.data ?? ByteBuffer())
            let accepted = await receive(body, header: request.headers.first(name: WebhookSignature.header) ?? "")
            return Response(status: accepted ? .noContent : .unauthorized)
        }
        routes.grouped(PageHeadersMiddleware()).get(path) { [self] _ in
            let response = Response(status: .ok, body: .init(data: try JSONEncoder().encode(await counts)))
            response.headers.contentType = .json
            return response
        }
    }

    private struct EventType: Decodable { let type: String }
}
