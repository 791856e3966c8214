import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import VerityAPI
@testable import VerityCore
import VerityTestSupport

/// Requests per minute per user token on `/v1/identity` and per secret key
/// on `/admin/v1`, as the environment sets them, counted in the database:
/// two servers share one count; beyond it, 429 `RATE_LIMITED` with
/// `Retry-After`; the next minute admits again; other credentials are untouched.
@Suite("Request limits per credential")
struct RequestLimitE2ETests {
    struct Answer {
        let status: Int
        let retryAfter: Int?
        let code: String?
    }

    static func get(_ url: URL, _ path: String, bearer: String) async throws -> Answer {
        var request = URLRequest(url: URL(string: url.absoluteString + path)!)
        request.setValue("Bearer \(bearer)", forHTTPHeaderField: "Authorization")
        let (data, response) = try await TestHTTP.data(for: request)
        let http = response as? HTTPURLResponse
        let json = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
        return Answer(status: http?.statusCode ?? 0, retryAfter: http?.value(forHTTPHeaderField: "Retry-After").flatMap { Int($0) },
                      code: (json?["error"] as? [String: Any])?["code"] as? String)
    }

    @Test func aUserTokenBeyondItsLimitWaitsForTheNextMinuteOnEveryServer() async throws {
        try await withVerityApp { app async throws in
            try await app.configure { $0.limits.userTokenRequestsPerMinute = 3 }
            let url = try await app.startServer()
            let token = try await app.token(for: "limited-user")
            let path = IdentityRoute.verification.path
            // Two requests here, one on another server: the count is shared.
            for _ in 0..<2 { #expect(try await Self.get(url, path, bearer: token).status == 200) }
            let third = try await app.withSecondServer { second in try await Self.get(second, path, bearer: token) }
            #expect(third.status == 200)
            let refused = try await Self.get(url, path, bearer: token)
            #expect(refused.status == 429 && refused.code == "RATE_LIMITED")
            #expect((1...60).contains(refused.retryAfter ?? 0))
            // Another user's token has its own count.
            #expect(try await Self.get(url, path, bearer: try await app.token(for: "other-user")).status == 200)
            // The next minute admits again.
            app.clock.advance(seconds: 60)
            #expect(try await Self.get(url, path, bearer: token).status == 200)
        }
    }

    @Test func aSecretKeyBeyondItsLimitIsRefusedWithRetryAfter() async throws {
        try await withVerityApp { app async throws in
            try await app.configure { $0.limits.secretKeyRequestsPerMinute = 2 }
            let url = try await app.startServer()
            let path = WebhookRoute.endpoints.path
            for _ in 0..<2 { #expect(try await Self.get(url, path, bearer: app.secretKey).status == 200) }
            let refused = try await Self.get(url, path, bearer: app.secretKey)
            #expect(refused.status == 429 && refused.code == "RATE_LIMITED" && refused.retryAfter != nil)
            // A second key of the environment counts apart.
            let second = try await app.operations.tenants.createKey(tenant: app.tenant, environment: .test)
            #expect(try await Self.get(url, path, bearer: second).status == 200)
            // A wrong key is refused as ever, not counted against anyone.
            #expect(try await Self.get(url, path, bearer: "vk_test_wrong").status == 401)
            app.clock.advance(seconds: 60)
            #expect(try await Self.get(url, path, bearer: app.secretKey).status == 200)
        }
    }

    @Test func limitsAreCheckedWhenSet() async throws {
        try await withVerityApp { app async throws in
            for bad in [0, -1, 1_000_001] {
                await #expect(throws: VerityError.self) {
                    try await app.operations.tenants.updateConfiguration(tenant: app.tenant, environment: .test) { $0.limits.userTokenRequestsPerMinute = bad }
                }
                await #expect(throws: VerityError.self) {
                    try await app.operations.tenants.updateConfiguration(tenant: app.tenant, environment: .test) { $0.limits.secretKeyRequestsPerMinute = bad }
                }
            }
            // Old configurations read with the defaults.
            var json = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(EnvironmentConfiguration())) as? [String: Any])
            json["limits"] = nil
            let stored = try JSONDecoder().decode(EnvironmentConfiguration.self, from: try JSONSerialization.data(withJSONObject: json))
            #expect(stored.limits == RequestLimits())
        }
    }
}
