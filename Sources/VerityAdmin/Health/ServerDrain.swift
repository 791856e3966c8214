import NIOConcurrencyHelpers
import Vapor
import VerityAPI

/// A server told to stop (SIGTERM) that still serves for
/// `VERITY_SHUTDOWN_DRAIN_SECONDS` while `/readyz` says it is stopping, so a
/// load balancer that checks readiness sends it nothing new before it closes
/// its port: a rolling restart then fails no request. Without the wait, a
/// request the balancer sent in the moment the port closed is refused or cut
/// (a 502 at the balancer).
public final class ServerDrain: Sendable {
    private let draining = NIOLockedValueBox(false)

    public init() {}

    public var isDraining: Bool { draining.withLockedValue { $0 } }

    public func begin() { draining.withLockedValue { $0 = true } }

    /// The readiness check a draining server fails.
    var check: HealthCheck {
        isDraining
            ? HealthCheck(name: "shutdown", status: "failing",
                          detail: "the server is stopping (SIGTERM): it answers what it has and closes after VERITY_SHUTDOWN_DRAIN_SECONDS")
            : HealthCheck(name: "shutdown", status: "ok")
    }
}

struct ServerDrainKey: StorageKey {
    typealias Value = ServerDrain
}

extension Application {
    /// This server's drain, set by `VerityApp.configure`.
    public var serverDrain: ServerDrain {
        if let drain = storage[ServerDrainKey.self] { return drain }
        let drain = ServerDrain()
        storage[ServerDrainKey.self] = drain
        return drain
    }
}
