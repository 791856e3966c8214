import Foundation
import Testing
import VerityAPI
import VerityTestSupport

/// The console's sign-in in headless Chromium (`tests-pages/console_pages.py`):
/// a wrong password said plainly, the right one with an authenticator code,
/// Arabic right to left, signing out everywhere; axe-core clean on a desktop,
/// a tablet and a phone. Screenshots go to `VERITY_SCREENSHOTS_DIR`.
@Suite("The console in a browser")
struct ConsolePagesBrowserTests {
    struct Result: Decodable {
        let outcome: String
        let steps: [String]
    }

    @Test func anAdminSignsInWithASecondFactorAndOutEverywhere() async throws {
        try await withVerityApp { app async throws in
            let url = try await app.startServer()
            let admin = try await app.operations.createOperator(tenant: "acme", email: "admin@example.com", role: .admin, password: nil,
                                                                secondFactor: true)
            let viewer = try await app.operations.createOperator(tenant: "acme", email: "viewer@example.com", role: .viewer, password: nil,
                                                                 secondFactor: false)
            let secret = try #require(admin.totpURI.flatMap(URLComponents.init(string:))?.queryItems?.first { $0.name == "secret" }?.value)
            let run = try await ChildProcess.python("tests-pages/console_pages.py", [
                "--url", url.absoluteString, "--email", "admin@example.com", "--password", admin.password, "--totp-secret", secret,
                "--now", "\(app.clock.now / 1000)", "--plain-email", "viewer@example.com", "--plain-password", viewer.password,
            ])
            #expect(run.status == 0, "\(run.errorText.suffix(2_000))")
            let result = try JSONDecoder().decode(Result.self, from: Data(run.lastLine.utf8))
            #expect(result.outcome == "ok" && result.steps.count == 12, "\(result.steps)")
        }
    }
}
