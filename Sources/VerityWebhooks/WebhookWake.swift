import Fluent
import Foundation
import VerityStore
import VerityKernel

/// Wakes the webhook dispatcher after an outcome a request settled, so its webhook
/// deliveries leave now rather than at the next poll (2 s). Only environments
/// with an enabled endpoint are worth a wake-up: which ones have one is
/// remembered for a few seconds per server. A stale answer costs latency
/// only (the poll still delivers), never an event: events are written with
/// their outcomes regardless.
package final class WebhookWake: @unchecked Sendable {
    private let dispatcher: WebhookDispatcher
    private let clock: VerityClock
    // Guarded by `lock`.
    private let lock = NSLock()
    private var known: [UUID: (listened: Bool, until: Int64)] = [:]
    static let rememberMilliseconds: Int64 = 5_000

    package init(dispatcher: WebhookDispatcher, clock: VerityClock) {
        self.dispatcher = dispatcher
        self.clock = clock
    }

    /// After an outcome of `environmentID` was written through `db`.
    package func outcomeWritten(environmentID: UUID, db: any Database) async {
        let now = clock.nowMillis()
        if let entry = lock.withLock({ known[environmentID] }), entry.until > now {
            if entry.listened { dispatcher.kick() }
            return
        }
        let listened = (try? await WebhookEndpointRepository(db: db).hasEnabledEndpoint(environmentID: environmentID)) ?? true
        lock.withLock { known[environmentID] = (listened, now + Self.rememberMilliseconds) }
        if listened { dispatcher.kick() }
    }

    /// Work was queued that is due now whoever listens (a redelivery).
    package func kick() { dispatcher.kick() }

    /// An endpoint was registered, enabled or disabled here: this server knows at once.
    func forget(environmentID: UUID) {
        _ = lock.withLock { known.removeValue(forKey: environmentID) }
    }
}
