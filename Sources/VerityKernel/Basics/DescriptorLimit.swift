import CSandbox

/// How many descriptors the server may hold open. Every connection is one,
/// idle or not, and a server that runs out stops answering everyone,
/// `/readyz` included: the default soft limit of many systems (1,024) is a
/// few hundred slow clients. So `verity serve` raises its soft limit to the
/// hard one (up to `wanted`) as it starts, and `verity doctor` says when the
/// hard limit itself is too low.
package enum DescriptorLimit {
    package static let wanted: UInt64 = 65_536
    /// Below this a deployment is one crowd of idle connections from silence.
    package static let minimum: UInt64 = 8_192

    /// Raises the soft limit; returns the limits then in force.
    @discardableResult
    package static func raise() -> (soft: UInt64, hard: UInt64) {
        limits(raising: true)
    }

    package static var current: (soft: UInt64, hard: UInt64) {
        limits(raising: false)
    }

    private static func limits(raising: Bool) -> (soft: UInt64, hard: UInt64) {
        var soft: UInt64 = 0, hard: UInt64 = 0
        _ = sandbox_descriptor_limit(wanted, raising ? 1 : 0, &soft, &hard)
        return (soft, hard)
    }
}
