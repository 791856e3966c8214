import Foundation
import Testing
import VerityAPI
import VerityServer
import VerityTestSupport

@Suite("Logs carry request ids and never PII, keys or tokens")
struct LoggingTests {
    @Test func aVerificationLeavesNoPIIInTheLogs() async throws {
        CapturedLogs.install
        try await withVerityApp(settings: { $0.logLevel = "debug" }) { app async throws in
            // given
            let http = RawHTTP(baseURL: try await app.startServer())
            try await app.configure { $0.consentRequired = false }
            let token = try await app.token(for: "log-user@example.com")
            let input = VerifyIdentityInput(firstName: "Ottoline", lastName: "Wexworthy", address: "3 Quillfeather Row",
                                            postalCode: "10001", country: "US", dateOfBirth: "1966-06-16")
            // when
            let reply = try await http.send("POST", IdentityRoute.verify.path, bearer: token, json: input)
            _ = try await http.send("POST", AdminRoute.userToken(userRef: "log-user@example.com").path, bearer: app.secretKey)
            // then
            let requestID = try #require(reply.headers["X-Request-Id"] as? String)
            let lines = CapturedLogs.all
            #expect(lines.contains { $0.contains(requestID) && $0.contains("\"route\":\"\\/v1\\/identity\\/verify\"") })
            #expect(lines.contains { $0.contains("users\\/:userRef\\/token") })
            // Even a library logging at trace level cannot leak a credential.
            #expect(!JSONLogHandler.redactingCredentials("headers: Authorization: Bearer \(token); Host: x").contains(token))
            #expect(!JSONLogHandler.redactingCredentials("key \(app.secretKey)").contains(app.secretKey))
            for secret in ["Ottoline", "Wexworthy", "Quillfeather", "1966-06-16", "log-user@example.com", token, app.secretKey] {
                let leaking = lines.filter { $0.contains(secret) }
                #expect(leaking.isEmpty, "a log line contains \(secret.prefix(10)): \(leaking.first?.prefix(400) ?? "")")
            }
        }
    }
}
