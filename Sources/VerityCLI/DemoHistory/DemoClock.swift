import Foundation
import VerityKernel

/// The demo server's clock: the system's, set back while the first week's
/// history is made so that it spreads over the week before today, as a
/// tenant's would, and then the system's again for good. It only ever moves
/// forward (from a week ago to now): a job the server queued is never left
/// waiting for a time that has passed.
final class DemoClock: @unchecked Sendable {
    private let lock = NSLock()
    private var offsetMillis: Int64 = 0

    var clock: VerityClock {
        VerityClock { [self] in Int64(Date().timeIntervalSince1970 * 1000) + lock.withLock { offsetMillis } }
    }

    /// The clock reads this many days before now (0: now); a later call may only go forward.
    func set(daysAgo: Int) {
        lock.withLock { offsetMillis = max(offsetMillis, -Int64(daysAgo) * 86_400_000) }
    }

    /// Starts the history a week back.
    func start(daysAgo: Int) {
        lock.withLock { offsetMillis = -Int64(daysAgo) * 86_400_000 }
    }
}
