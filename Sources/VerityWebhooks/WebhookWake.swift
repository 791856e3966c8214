import Foundation

/// Wakes the webhook dispatcher after an outcome a request settled, so its
/// deliveries leave now rather than at the next poll (2 s). Whether anyone
/// listens is the outbox's answer, given in the outcome's own transaction
/// (`WebhookOutbox.publish` writes an event only for an environment with an
/// endpoint that wants it, and says so): nothing is asked twice.
package final class WebhookWake: Sendable {
    private let dispatcher: WebhookDispatcher

    package init(dispatcher: WebhookDispatcher) {
        self.dispatcher = dispatcher
    }

    /// After an outcome's transaction committed: `told` is the outbox's answer.
    package func published(_ told: Bool) {
        if told { dispatcher.kick() }
    }

    /// Work was queued that is due now whoever listens (a redelivery).
    package func kick() { dispatcher.kick() }
}
