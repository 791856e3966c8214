/// An environment's webhook rules.
public struct WebhookSettings: Sendable, Equatable, Codable {
    /// Deliver to private, loopback and link-local addresses. Off by default:
    /// an endpoint URL is the tenant's to write, and without this check it
    /// could make the server call services inside its own network (SSRF).
    /// Turn on for a receiver on the same machine or network in development.
    public var allowPrivateAddresses: Bool

    public init(allowPrivateAddresses: Bool = false) {
        self.allowPrivateAddresses = allowPrivateAddresses
    }
}
