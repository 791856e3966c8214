import NIOConcurrencyHelpers

/// Counts this server's open connections, in total and per client address,
/// and decides where a new one goes: served, the probe lane, or closed.
final class ConnectionLedger: Sendable {
    enum Admission: Equatable {
        /// Under both caps: any request.
        case served
        /// Past a cap: `/healthz` and `/readyz` only, one request, so a
        /// balancer still learns how this server is while strangers hold
        /// every other connection.
        case probesOnly
        /// Past the probe lane too: closed with a 503 before it is read.
        case refused
    }

    private struct Counts {
        var served = 0
        var servedBy: [String: Int] = [:]
        var probes = 0
        var probesBy: [String: Int] = [:]
    }

    private let limits: ConnectionLimits
    private let maxConnections: Int
    private let counts = NIOLockedValueBox(Counts())

    init(limits: ConnectionLimits, maxConnections: Int) {
        self.limits = limits
        self.maxConnections = maxConnections
    }

    func admit(_ address: String) -> Admission {
        counts.withLockedValue { counts in
            if counts.served < maxConnections, counts.servedBy[address, default: 0] < limits.maxConnectionsPerAddress {
                counts.served += 1
                counts.servedBy[address, default: 0] += 1
                return .served
            }
            if counts.probes < limits.probeLane, counts.probesBy[address, default: 0] < limits.probeLanePerAddress {
                counts.probes += 1
                counts.probesBy[address, default: 0] += 1
                return .probesOnly
            }
            return .refused
        }
    }

    func release(_ admission: Admission, _ address: String) {
        counts.withLockedValue { counts in
            switch admission {
            case .served:
                counts.served -= 1
                Self.decrement(&counts.servedBy, address)
            case .probesOnly:
                counts.probes -= 1
                Self.decrement(&counts.probesBy, address)
            case .refused:
                break
            }
        }
    }

    /// Connections served now (the probe lane not counted).
    var open: Int { counts.withLockedValue { $0.served } }

    private static func decrement(_ counts: inout [String: Int], _ address: String) {
        let left = counts[address, default: 1] - 1
        counts[address] = left > 0 ? left : nil
    }
}
