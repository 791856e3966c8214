import Foundation
import Logging
import Testing
import VerityAPI
import VerityTestSupport
@testable import VerityKernel

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
            #expect(lines.contains { $0.contains(requestID) && $0.contains("\"route\":\"/v1/identity/verify\"") })
            #expect(lines.contains { $0.contains("users/:userRef/token") })
            // Even a library logging at trace level cannot leak a credential.
            #expect(!JSONLogHandler.redactingCredentials("headers: Authorization: Bearer \(token); Host: x").contains(token))
            #expect(!JSONLogHandler.redactingCredentials("key \(app.secretKey)").contains(app.secretKey))
            for secret in ["Ottoline", "Wexworthy", "Quillfeather", "1966-06-16", "log-user@example.com", token, app.secretKey] {
                let leaking = lines.filter { $0.contains(secret) }
                #expect(leaking.isEmpty, "a log line contains \(secret.prefix(10)): \(leaking.first?.prefix(400) ?? "")")
            }
        }
    }

    @Test func everyLineIsOneValidJSONObject() throws {
        // given
        let captured = LineBox()
        var logger = Logger(label: "verity.test") { JSONLogHandler(label: $0, level: .debug, write: captured.add) }
        logger[metadataKey: "request_id"] = "abc"
        // when
        logger.info("quote \" backslash \\ newline \n tab \t bell \u{7} é 🙂", metadata: ["n": .stringConvertible(42)])
        // then
        let line = try #require(captured.lines.first)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: String])
        #expect(object["message"] == "quote \" backslash \\ newline \n tab \t bell \u{7} é 🙂")
        #expect(object["request_id"] == "abc")
        #expect(object["n"] == "42")
        #expect(object["level"] == "info")
        #expect(object["time"]?.count == 24)
    }
}

final class LineBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []
    var lines: [String] { lock.withLock { stored } }
    func add(_ line: String) { lock.withLock { stored.append(line) } }
}
