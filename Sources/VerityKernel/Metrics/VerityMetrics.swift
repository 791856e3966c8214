import Foundation
import Metrics
import Prometheus

/// What Verity counts. Everything goes through swift-metrics, into one
/// swift-prometheus registry per process, which `/metrics` prints in
/// Prometheus's text format; Vapor's own request metrics (requests by route
/// pattern, method and status; latency histograms per route) land there too.
///
/// Labels are route patterns, products, outcomes, stages, kinds and results:
/// never a path as sent, a user reference, a key, or anything a person typed.
package enum VerityMetrics {
    /// The process's registry. swift-metrics is bootstrapped with it the first
    /// time it is read (the first application configured), once per process.
    package static let registry: PrometheusCollectorRegistry = {
        let registry = PrometheusCollectorRegistry()
        MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: registry))
        return registry
    }()

    /// A verification's end, by product (`identity`, `document`, `ocr`,
    /// `verifyhuman`, `verifyage`, …) and outcome (the product's own words).
    package static func checkCompleted(product: String, outcome: String) {
        Counter(label: "verity_checks_total", dimensions: [("product", product), ("outcome", outcome)]).increment()
    }

    /// Time on the engine pool for one stage of a check.
    package static func engineStage(_ stage: String, nanoseconds: Int64) {
        Timer(label: "verity_engine_seconds", dimensions: [("stage", stage)]).recordNanoseconds(nanoseconds)
    }

    /// An engine worker killed and replaced: `crash` (it died, or answered
    /// what could not be read) or `timeout` (it ran over its task's time).
    package static func engineWorkerLost(reason: String) {
        Counter(label: "verity_engine_workers_lost_total", dimensions: [("reason", reason)]).increment()
    }

    /// A request answered with the overload answer (503 with `Retry-After`),
    /// by what was full: `engines`, `bodies`, `database`.
    package static func overloaded(what: String) {
        Counter(label: "verity_overloaded_total", dimensions: [("what", what)]).increment()
    }

    /// A connection this server closed for how its client behaved: `idle`,
    /// `head` (too slow), `body_silent`, `body_too_slow`, `refused` (past
    /// every cap).
    static func connectionDropped(_ reason: String) {
        Counter(label: "verity_connections_dropped_total", dimensions: [("reason", reason)]).increment()
    }

    /// One webhook delivery attempt's result: `delivered`, `failed` (to be
    /// retried), `given_up`, `endpoint_disabled`.
    package static func webhookDelivery(_ result: String, count: Int = 1) {
        Counter(label: "verity_webhook_deliveries_total", dimensions: [("result", result)]).increment(by: count)
    }

    /// Credits a mobile product charged.
    package static func creditsCharged(product: String, credits: Int) {
        Counter(label: "verity_credits_charged_total", dimensions: [("product", product)]).increment(by: credits)
    }

    /// A value known only when asked (the job queue, the database): set at each scrape.
    static func gauge(_ label: String, _ dimensions: [(String, String)] = [], value: Double) {
        Gauge(label: label, dimensions: dimensions).record(value)
    }
}

extension VerityMetrics {
    /// Times `work` as `stage` on the engine pool.
    package static func timing<T>(_ stage: String, _ work: () throws -> T) rethrows -> T {
        let started = DispatchTime.now().uptimeNanoseconds
        defer { engineStage(stage, nanoseconds: Int64(DispatchTime.now().uptimeNanoseconds - started)) }
        return try work()
    }
}
