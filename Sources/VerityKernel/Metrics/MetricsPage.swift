import Fluent
import Foundation
import VerityStore

/// The `/metrics` page: the values only a question to the database can give
/// (the job queue's depth and oldest waiting job per kind, webhook
/// deliveries' as the kind `webhook.deliver`, events awaiting their fan-out
/// into deliveries, the database's
/// connections), refreshed at each scrape, then the registry in Prometheus's
/// text format (version 0.0.4).
package struct MetricsPage: Sendable {
    let db: any Database
    let clock: VerityClock
    /// The job kinds this server runs: each is reported, at zero when none waits.
    let jobKinds: [String]
    /// The most connections this server's pools may open.
    let poolCapacity: Int

    static let contentType = "text/plain; version=0.0.4; charset=utf-8"

    func render() async -> String {
        await refresh()
        return VerityMetrics.registry.emitToString()
    }

    private func queue(_ kind: String, queued: Int, oldestDueRunAfter: Int64?, now: Int64) {
        VerityMetrics.gauge("verity_jobs_queued", [("kind", kind)], value: Double(queued))
        let oldest = oldestDueRunAfter.map { Double(max(0, now - $0)) / 1000 } ?? 0
        VerityMetrics.gauge("verity_jobs_oldest_due_seconds", [("kind", kind)], value: oldest)
    }

    private func refresh() async {
        let now = clock.nowMillis()
        // A scrape during a database outage still answers, with the last values.
        if let stats = try? await JobQueue(db: db).stats(now: now) {
            for kind in Set(jobKinds).union(stats.map(\.kind)) {
                let stat = stats.first { $0.kind == kind }
                queue(kind, queued: stat?.queued ?? 0, oldestDueRunAfter: stat?.oldestDueRunAfter, now: now)
            }
        }
        // Webhook deliveries are their own queue (`WebhookOutbox`), reported beside the jobs.
        if let webhooks = try? await WebhookDeliveryRepository(db: db).queueStats(now: now) {
            queue(WebhookOutbox.queueName, queued: webhooks.pending, oldestDueRunAfter: webhooks.oldestDueRunAfter, now: now)
        }
        // Ahead of that queue: events committed with their outcomes that no
        // dispatcher has fanned out yet (a growing number means none runs).
        if let awaiting = try? await WebhookOutbox.awaitingFanOut(on: db) {
            VerityMetrics.gauge("verity_webhook_events_awaiting_fan_out", value: Double(awaiting.events))
            let oldest = awaiting.oldestCreatedAt.map { Double(max(0, now - $0)) / 1000 } ?? 0
            VerityMetrics.gauge("verity_webhook_events_awaiting_fan_out_oldest_seconds", value: oldest)
        }
        VerityMetrics.gauge("verity_database_pool_capacity", value: Double(poolCapacity))
        if let connections = (try? await DatabaseProbe(db: db).connectionsByState()) ?? nil {
            let byState = ["active": 0, "idle": 0, "idle in transaction": 0].merging(connections) { _, counted in counted }
            for (state, count) in byState {
                VerityMetrics.gauge("verity_database_connections", [("state", state.replacingOccurrences(of: " ", with: "_"))], value: Double(count))
            }
        }
    }

    package init(db: any Database, clock: VerityClock, jobKinds: [String], poolCapacity: Int) {
        self.db = db
        self.clock = clock
        self.jobKinds = jobKinds
        self.poolCapacity = poolCapacity
    }
}
