import Fluent
import Foundation
import Logging
import Vapor
import VerityAPI
import VerityCore
import VerityStore
import VerityKernel

/// Sends the deliveries `WebhookOutbox` fans out from each outcome's event,
/// in batches: the fan-out hands over the deliveries it adds, leased; due
/// retries and lapsed leases are leased beside them (up to 64 in all, a
/// quarter of that at least for retries); their events, endpoints and users
/// are read together, posted concurrently (`WebhookPoster`), and every result
/// written in one statement. A delivery waits on the network, not on a core,
/// so the generic job lanes (sized for the engines) are the wrong place for
/// it; and at thousands of outcomes a minute, a few writes per batch instead
/// of several per delivery keep webhooks from costing the requests that
/// publish them (`bench/webhooks.sh`).
///
/// A 2xx answer delivers a delivery; anything else is retried with growing
/// waits over three days; an endpoint that has failed for a day is disabled
/// (the audit trail and `verity doctor` say so). A server that dies mid-batch
/// leaves its leases to lapse: another server's dispatcher sends them again.
package final class WebhookDispatcher: LifecycleHandler, @unchecked Sendable {
    let db: any Database
    let protector: DataProtector
    let clock: VerityClock
    let poster: WebhookPoster
    package let logger: Logger
    let leaseMilliseconds: Int64
    private let runs = WorkerRuns()
    private var poller: Task<Void, Never>?

    static let batchSize = 64
    /// Waits after each failed attempt, about three days in all.
    static let retrySchedule: [Int64] = [5, 30, 120, 600, 1_800, 3_600, 7_200, 14_400, 28_800, 43_200, 86_400, 86_400].map { $0 * 1000 }
    static var maximumAttempts: Int { retrySchedule.count + 1 }
    /// An endpoint failing this long is disabled.
    static let disableAfterMilliseconds: Int64 = 86_400_000

    package init(db: any Database, protector: DataProtector, clock: VerityClock, poster: WebhookPoster, logger: Logger,
         leaseMilliseconds: Int64) {
        self.db = db
        self.protector = protector
        self.clock = clock
        self.poster = poster
        self.logger = logger
        self.leaseMilliseconds = leaseMilliseconds
    }

    static func retryDelayMilliseconds(afterAttempt attempts: Int) -> Int64 {
        retrySchedule[min(max(attempts - 1, 0), retrySchedule.count - 1)]
    }

    /// How long a woken dispatcher gathers before it leases: outcomes come
    /// in bursts, and one batch of ten costs the database what one of one
    /// does. A tenth of a second is nothing to a receiver (deliveries are not
    /// promised in under a second), and much to a busy SQLite.
    static let gatherMilliseconds = 100

    /// Sends what is due in the background (an outcome was just written); a
    /// kick while a drain runs makes one more drain after it.
    package func kick() {
        Task {
            await runs.start(lanes: 1) {
                try? await Task.sleep(for: .milliseconds(Self.gatherMilliseconds))
                await self.drainQueue()
            }
        }
    }

    /// Sends everything due now, and returns (tests; `Application.drainJobs`).
    package func drain() async {
        await drainQueue(untilEmpty: true)
    }

    /// Fans out, leases and sends batches. A woken run (`untilEmpty` false)
    /// goes on at once only after a full batch: what came due while a smaller
    /// one was being sent woke the dispatcher again, and that run gathers
    /// first, so a busy server sends a few large batches, not a stream of
    /// small ones (each costs the database the same few round trips).
    private func drainQueue(untilEmpty: Bool = false) async {
        let deliveries = WebhookDeliveryRepository(db: db)
        while await !runs.stopped {
            do {
                let now = clock.nowMillis()
                let fresh = try await WebhookOutbox.fanOutPending(now: now, leaseMilliseconds: leaseMilliseconds, limit: Self.batchSize,
                                                                  on: db)
                // Retries get room even while fresh events fill every batch.
                let due = try await deliveries.leaseDue(now: now, leaseMilliseconds: leaseMilliseconds,
                                                        limit: max(Self.batchSize - fresh.count, Self.batchSize / 4))
                let batch = fresh + due
                guard !batch.isEmpty else { return }
                try await deliver(batch)
                guard untilEmpty || batch.count >= Self.batchSize else { return }
            } catch {
                // The leases lapse and the next poll sends them again; a queue that cannot be read is loud.
                logger.error("webhook deliveries could not be sent", metadata: ["error": .string(String(describing: type(of: error)))])
                return
            }
        }
    }

    // MARK: One batch

    /// What one leased job comes to.
    private enum Result {
        /// Nothing to send: the delivery is gone, or delivered or failed already.
        case settled
        /// The endpoint was disabled since: the delivery fails without an attempt.
        case endpointDisabled
        /// The event cannot be sent (an unknown type, a secret that does not open).
        case unsendable(String)
        case attempted(WebhookPoster.Attempt, endpoint: WebhookDeliveryDue.Endpoint)
    }

    private func deliver(_ batch: [UUID]) async throws {
        let deliveries = try await WebhookDeliveryRepository(db: db).due(ids: batch)
        let environments = try await environments(Set(deliveries.map(\.event.environmentID)))
        let now = clock.nowMillis()

        let results = await withTaskGroup(of: (UUID, Result).self) { group in
            var secretsByEndpoint: [UUID: [String]] = [:]
            for delivery in deliveries {
                guard delivery.pending else {
                    group.addTask { (delivery.id, .settled) }
                    continue
                }
                let endpoint = delivery.endpoint
                guard endpoint.enabled else {
                    group.addTask { (delivery.id, .endpointDisabled) }
                    continue
                }
                let environment = environments[delivery.event.environmentID]
                let body: Data, secrets: [String]
                do {
                    body = try WebhookEvents.body(of: delivery.event, environment: environment?.kind.rawValue ?? "unknown",
                                                  userRef: try delivery.userRef(protector: protector))
                    // A batch is mostly one endpoint's: its secrets are opened once.
                    if let opened = secretsByEndpoint[endpoint.id] {
                        secrets = opened
                    } else {
                        secrets = try self.secrets(of: endpoint, now: now)
                        secretsByEndpoint[endpoint.id] = secrets
                    }
                } catch {
                    group.addTask { (delivery.id, .unsendable("unsendable")) }
                    continue
                }
                let allowPrivate = environment?.configuration.webhooks.allowPrivateAddresses ?? false
                let poster = self.poster
                group.addTask {
                    let attempt = await poster.post(body, to: endpoint.url, secrets: secrets, timestamp: now / 1000, allowPrivate: allowPrivate)
                    return (delivery.id, .attempted(attempt, endpoint: endpoint))
                }
            }
            return await group.reduce(into: [UUID: Result]()) { $0[$1.0] = $1.1 }
        }
        // A leased id with no row any more (its event was erased meanwhile) has nothing left to do.
        try await record(deliveries, results: results)
        try await trackEndpoints(results.values, now: now)
    }

    /// Every delivery's result, written together.
    private func record(_ batch: [WebhookDeliveryDue], results: [UUID: Result]) async throws {
        let now = clock.nowMillis()
        // The common case, every receiver answering 2xx, is one statement for the whole batch.
        var delivered: [(id: UUID, statusCode: Int, latencyMilliseconds: Int)] = []
        for delivery in batch {
            guard case .attempted(let attempt, _) = results[delivery.id], let code = attempt.statusCode, (200..<300).contains(code) else { continue }
            delivered.append((delivery.id, code, attempt.latencyMilliseconds ?? 0))
        }
        let settledTogether = Set(delivered.map(\.id))
        if delivered.count == batch.count {
            try await WebhookDeliveryRepository(db: db).settleDelivered(delivered, now: now)
        } else {
            try await recordMixed(batch, results: results, delivered: delivered, now: now)
        }
        report(batch, results: results, settledTogether: settledTogether)
    }

    /// A batch where some attempt failed (or had nothing to send): every
    /// delivery's own result, in one transaction.
    private func recordMixed(_ batch: [WebhookDeliveryDue], results: [UUID: Result],
                             delivered: [(id: UUID, statusCode: Int, latencyMilliseconds: Int)], now: Int64) async throws {
        let settledTogether = Set(delivered.map(\.id))
        try await db.write { [delivered] tx in
            try await WebhookDeliveryRepository.recordDelivered(delivered, now: now, on: tx)
            for delivery in batch where !settledTogether.contains(delivery.id) {
                switch results[delivery.id] ?? .settled {
                case .settled:
                    break
                case .endpointDisabled:
                    try await WebhookDeliveryRepository.markFailed(id: delivery.id, on: tx)
                case .unsendable(let reason):
                    try await WebhookDeliveryRepository.recordAttempt(id: delivery.id, statusCode: nil, latencyMilliseconds: nil, error: reason,
                                                                      delivered: false, retryAt: nil, now: now, on: tx)
                case .attempted(let attempt, _):
                    let succeeded = attempt.statusCode.map { (200..<300).contains($0) } ?? false
                    let number = delivery.attempts + 1
                    let retryAt = succeeded || number >= Self.maximumAttempts ? nil : now + Self.retryDelayMilliseconds(afterAttempt: number)
                    try await WebhookDeliveryRepository.recordAttempt(
                        id: delivery.id, statusCode: attempt.statusCode, latencyMilliseconds: attempt.latencyMilliseconds,
                        error: succeeded ? nil : attempt.error, delivered: succeeded, retryAt: retryAt, now: now, on: tx)
                }
            }
        }
    }

    /// The batch's results in `/metrics`, and its failures in the log.
    private func report(_ batch: [WebhookDeliveryDue], results: [UUID: Result], settledTogether: Set<UUID>) {
        VerityMetrics.webhookDelivery("delivered", count: settledTogether.count)
        for delivery in batch {
            let number = delivery.attempts + 1
            switch results[delivery.id] ?? .settled {
            case .endpointDisabled: VerityMetrics.webhookDelivery("endpoint_disabled")
            case .unsendable: VerityMetrics.webhookDelivery("given_up")
            case .attempted where !settledTogether.contains(delivery.id):
                VerityMetrics.webhookDelivery(number >= Self.maximumAttempts ? "given_up" : "failed")
            default: break
            }
            if case .attempted(let attempt, _) = results[delivery.id], !(attempt.statusCode.map { (200..<300).contains($0) } ?? false) {
                logger.warning("webhook delivery failed", metadata: [
                    "delivery_id": .string(delivery.id.uuidString), "attempt": .stringConvertible(number),
                    "error": .string(attempt.error ?? "no answer"),
                ])
            }
        }
    }

    /// Endpoints' runs of failures: a success ends one (a write only when one
    /// was running), a failure starts or continues it, and a day of it
    /// disables the endpoint.
    private func trackEndpoints(_ results: Dictionary<UUID, Result>.Values, now: Int64) async throws {
        var succeeded: [UUID: WebhookDeliveryDue.Endpoint] = [:], failed: [UUID: WebhookDeliveryDue.Endpoint] = [:]
        for case .attempted(let attempt, let endpoint) in results {
            let id = endpoint.id
            if attempt.statusCode.map({ (200..<300).contains($0) }) ?? false { succeeded[id] = endpoint } else { failed[id] = endpoint }
        }
        let endpoints = WebhookEndpointRepository(db: db)
        for (id, endpoint) in succeeded where endpoint.failingSince != nil && failed[id] == nil {
            try await endpoints.recordSuccess(id: id)
        }
        for (id, endpoint) in failed {
            let failingSince = try await endpoints.recordFailure(id: id, now: now)
            guard now - failingSince >= Self.disableAfterMilliseconds else { continue }
            try await endpoints.setStatus(id: id, .disabled, reason: "failing")
            try await AuditRepository(db: db).record("webhook.endpoint.disabled", actor: "system", environmentID: endpoint.environmentID,
                                                     userID: nil, now: now)
            logger.warning("webhook endpoint disabled after a day of failures", metadata: ["endpoint_id": .string(id.uuidString)])
        }
    }

    // MARK: Reads for a batch

    /// The batch's environments (its events' kind, `test` or `live`, and the private-address rule).
    private func environments(_ ids: Set<UUID>) async throws -> [UUID: EnvironmentModel] {
        var found: [UUID: EnvironmentModel] = [:]
        for id in ids {
            found[id] = try await TenantRepository(db: db).environment(id: id)
        }
        return found
    }

    private func secrets(of endpoint: WebhookDeliveryDue.Endpoint, now: Int64) throws -> [String] {
        var secrets = [try protector.openText(endpoint.secretSealed, at: .of(.webhookSecret, endpoint.id))]
        if let previous = endpoint.previousSecretSealed, let until = endpoint.previousSecretUntil, until > now {
            secrets.append(try protector.openText(previous, at: .of(.webhookPreviousSecret, endpoint.id)))
        }
        return secrets
    }

    // MARK: Lifecycle

    package func didBoot(_ application: Application) throws {
        poller = Task { [weak self] in
            while !Task.isCancelled, let self {
                self.kick()
                try? await Task.sleep(for: JobWorker.pollInterval)
            }
        }
    }

    /// Runs even when the application never booted (tests start the server
    /// directly): requests may have kicked it. The running batch finishes.
    package func shutdownAsync(_ application: Application) async {
        poller?.cancel()
        await poller?.value
        await runs.stop()
    }
}
