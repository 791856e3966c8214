import Foundation

/// Paths of the webhook endpoints' admin surface (`/admin/v1/webhooks`).
public enum WebhookRoute: Sendable, Equatable {
    /// POST registers an endpoint; GET lists the environment's.
    case endpoints
    case endpoint(id: String)
    case disable(id: String)
    case enable(id: String)
    case rotateSecret(id: String)
    /// An endpoint's delivery log, newest first.
    case deliveries(id: String)
    /// Sends one delivery's event again.
    case redeliver(deliveryID: String)

    /// The placeholder servers register in place of an id.
    public static let idParameter = RouteParameter.id.placeholder

    public var components: [String] {
        let base = ["admin", "v1", "webhooks"]
        switch self {
        case .endpoints: return base
        case .endpoint(let id): return base + [id]
        case .disable(let id): return base + [id, "disable"]
        case .enable(let id): return base + [id, "enable"]
        case .rotateSecret(let id): return base + [id, "rotate-secret"]
        case .deliveries(let id): return base + [id, "deliveries"]
        case .redeliver(let id): return base + ["deliveries", id, "redeliver"]
        }
    }

    public var path: String { percentEncodedPath(components) }
}
