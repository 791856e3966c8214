import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import Verity
import VerityAPI
import VerityTestSupport
@testable import VerityKernel

/// `/metrics` read by the Prometheus project's own text-format parser
/// (`tests-contract/metrics-check.py`, prometheus_client from PyPI), on
/// SQLite and PostgreSQL: requests counted by route pattern and status,
/// checks by product and outcome, the job queue by kind, and no label
/// carrying a user reference, a key or a path as sent.
@Suite("Metrics in Prometheus's text format")
struct MetricsE2ETests {
    struct Sample: Decodable {
        let name: String
        let labels: [String: String]
        let value: Double
    }
    struct Family: Decodable {
        let type: String
        let samples: [Sample]
    }
    struct Page: Decodable {
        let contentType: String
        let families: [String: Family]
    }

    /// The page as the parser read it; fails when the parser refuses it or a label carries `forbidden`.
    static func scrape(_ url: URL, forbidding forbidden: [String]) async throws -> Page {
        let run = try await ChildProcess.python("tests-contract/metrics-check.py",
                                                [url.absoluteString + "/metrics", "--bearer", token] + forbidden.flatMap { ["--forbid", $0] })
        guard run.status == 0 else { throw MetricsCheckFailed(message: run.errorText) }
        return try JSONDecoder().decode(Page.self, from: run.output)
    }

    struct MetricsCheckFailed: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }

    static let token = "metrics-token-" + UUID().uuidString
    static let dataKey = Data(repeating: 7, count: 32).base64EncodedString()

    /// `/metrics` holds business volumes and the server's internals: not on
    /// the API's port unless a token is set, and then only to that token
    /// (issue 47, finding 17); its own listener binds loopback by default.
    @Test func metricsAreNotOnTheAPIPortWithoutTheToken() async throws {
        try await withVerityApp { app async throws in
            let url = try await app.startServer()
            let (_, none) = try await TestHTTP.data(from: url.appendingPathComponent("metrics"))
            #expect((none as? HTTPURLResponse)?.statusCode == 404)
        }
        try await withVerityApp(settings: { $0.metricsToken = Self.token }) { app async throws in
            let url = try await app.startServer()
            for bearer in [nil, "wrong-token-of-enough-length", Self.token + "x"] {
                var request = URLRequest(url: url.appendingPathComponent("metrics"))
                if let bearer { request.setValue("Bearer \(bearer)", forHTTPHeaderField: "Authorization") }
                let (_, response) = try await TestHTTP.data(for: request)
                #expect((response as? HTTPURLResponse)?.statusCode == 401, "\(bearer ?? "no token")")
            }
        }
        let defaults = try Settings.from(environment: ["VERITY_DATA_KEY": Self.dataKey])
        #expect(defaults.metricsPort == Settings.defaultMetricsPort && defaults.metricsHost == "127.0.0.1" && defaults.metricsToken == nil)
        #expect(try Settings.from(environment: ["VERITY_DATA_KEY": Self.dataKey, "VERITY_METRICS_PORT": "0"]).metricsPort == nil)
        #expect(throws: SettingsError.self) { _ = try Settings.from(environment: ["VERITY_DATA_KEY": Self.dataKey, "VERITY_METRICS_TOKEN": "short"]) }
    }

    @Test func requestsChecksAndTheQueueAreCountedWithoutPersonalLabels() async throws {
        try await withVerityApp(settings: { $0.metricsToken = Self.token }) { app async throws in
            let url = try await app.startServer()
            let client = IdentityVerificationClient(baseURL: url, token: try await app.token(for: "metrics-person-4711"),
                                                    requestTimeout: TestDeadlines.requestTimeout)
            try await client.consent()
            _ = try await client.verifyIdentity(input: IdentityDocuments.johnWithTypo)
            _ = try await client.verifyIdentity(input: TestData.johnSmith)
            // An admin route with the user's reference in its path, and a path no route has.
            _ = try await TestHTTP.data(for: {
                var request = URLRequest(url: URL(string: url.absoluteString + AdminRoute.userVerification(userRef: "metrics-person-4711").path)!)
                request.setValue("Bearer \(app.secretKey)", forHTTPHeaderField: "Authorization")
                return request
            }())
            _ = try await TestHTTP.data(from: URL(string: url.absoluteString + "/no/such/path/metrics-person-4711")!)

            let page = try await Self.scrape(url, forbidding: ["metrics-person-4711", app.secretKey, "SMITH", "Smith"])
            #expect(page.contentType.hasPrefix("text/plain") && page.contentType.contains("version=0.0.4"))
            // Requests by route pattern (the placeholder, never the reference) and status.
            let requests = try #require(page.families["http_requests"]?.samples ?? page.families["http_requests_total"]?.samples)
            #expect(requests.contains { $0.labels["path"] == "/v1/identity/verify" && $0.labels["method"] == "POST" && $0.labels["status"] == "200" })
            #expect(requests.contains { $0.labels["path"] == "/admin/v1/users/:userRef/identity-verification" })
            #expect(requests.contains { $0.labels["path"] == "vapor_route_undefined" })
            #expect(page.families["http_request_duration_seconds"]?.type == "histogram")
            // Checks by product and outcome.
            let checks = try #require(page.families["verity_checks"]?.samples ?? page.families["verity_checks_total"]?.samples)
            #expect(checks.contains { $0.labels == ["product": "identity", "outcome": "verified"] && $0.value >= 1 })
            #expect(checks.contains { $0.labels == ["product": "identity", "outcome": "retry_allowed"] && $0.value >= 1 })
            // The queue, per kind, even when empty; the database's pool.
            let queued = try #require(page.families["verity_jobs_queued"]?.samples)
            #expect(Set(queued.compactMap { $0.labels["kind"] }).isSuperset(of: ["document.check", "webhook.deliver"]))
            #expect(page.families["verity_jobs_oldest_due_seconds"] != nil)
            // Ahead of the deliveries: events no dispatcher has fanned out yet (none listen here).
            #expect(page.families["verity_webhook_events_awaiting_fan_out"]?.samples.first?.value == 0)
            #expect(page.families["verity_webhook_events_awaiting_fan_out_oldest_seconds"]?.samples.first?.value == 0)
            #expect((page.families["verity_database_pool_capacity"]?.samples.first?.value ?? 0) >= 1)
        }
    }
}
