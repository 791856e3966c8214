import Foundation
import NIOHTTP1
import Testing
import Verity
import VerityAPI
@testable import VerityCore
@testable import VerityStore
import VerityTestSupport
@testable import VerityIdentity
@testable import VerityConsole

/// An admin changes an environment's rules and consent texts in the console:
/// the API follows at once, the trail says who, what and why; other roles,
/// other tenants, stale and bad forms change nothing.
@Suite("Console settings: environment rules and consent texts")
struct ConsoleSettingsTests {
    typealias Browser = ConsoleSignInTests.Browser

    static func rules(_ overrides: [String: String] = [:]) -> [String: String] {
        ["environment": "test", "countries": "us, gb", "maxAttempts": "5", "consentRequired": "yes", "faceThreshold": "0.6",
         "review": "yes", "reviewMargin": "0.05", "reason": "Pilot in the UK, agreed with compliance."].merging(overrides) { $1 }
    }

    /// Posts the rules form with the settings page's own CSRF token and version (or the given ones).
    static func save(_ browser: Browser, _ fields: [String: String]) async throws -> Browser.Answer {
        let page = try await browser.request(.GET, ConsoleRoute.settings.path + "?environment=test")
        let version = page.body.range(of: #"name="version" value="[0-9a-f]+""#, options: .regularExpression)
            .map { String(page.body[$0].dropFirst(#"name="version" value=""#.count).dropLast()) } ?? ""
        let form = ["csrf": Browser.csrf(in: page.body) ?? "", "version": version].merging(fields) { $1 }
        return try await browser.request(.POST, ConsoleRoute.settingsRules.path, form: form)
    }

    @Test func anAdminChangesTheRulesAndTheAPIFollows() async throws {
        try await withLiveClient { client, app, url async throws in
            #expect(try await client.checkIdentityVerification().attemptsRemaining == 3)
            let admin = try await ConsoleReviewTests.signedIn(url, app, email: "admin@example.com", role: .admin)
            let page = try await admin.request(.GET, ConsoleRoute.settings.path + "?environment=test")
            #expect(page.status == 200 && page.body.contains("Verification rules") && page.body.contains("name=\"maxAttempts\""))
            #expect(page.body.contains(">Settings</a>") && page.body.contains(">Test</a>") && !page.body.contains("SQLKit"))

            let saved = try await Self.save(admin, Self.rules())
            #expect(saved.status == 303 && saved.location?.contains("done=saved") == true, "\(saved.body.prefix(600))")
            let configuration = try await app.operations.tenants.configuration(tenant: app.tenant, environment: .test)
            #expect(configuration.supportedCountries == ["US", "GB"] && configuration.policy.maxAttempts == 5)
            #expect(configuration.faces.matchThreshold == 0.6 && configuration.documents.review.enabled)
            #expect(configuration.documents.review.faceMargin == 0.05 && configuration.consentRequired)
            // The API answers by the new rules at once: a new user has five attempts.
            let fresh = IdentityVerificationClient(baseURL: url, token: try await app.token(for: "after-change"), requestTimeout: TestDeadlines.requestTimeout)
            #expect(try await fresh.checkIdentityVerification().attemptsRemaining == 5)

            // The trail: who, why, and what changed from what.
            let trail = try await admin.request(.GET, ConsoleRoute.audit.path + "?action=environment.configure")
            #expect(trail.body.contains("Pilot in the UK, agreed with compliance.") && trail.body.contains("maxAttempts 3 → 5"))
            #expect(trail.body.contains("faces.matchThreshold 0.58 → 0.6") && trail.body.contains("admin@example.com"))

            // The same form again changes nothing, and says so; the live environment was never touched.
            let again = try await Self.save(admin, Self.rules())
            #expect(again.location?.contains("done=unchanged") == true)
            #expect(try await app.operations.tenants.configuration(tenant: app.tenant, environment: .live).policy.maxAttempts == 3)

            // A consent text, listed once added.
            let settingsPage = try await admin.request(.GET, ConsoleRoute.settings.path + "?environment=test")
            let added = try await admin.request(.POST, ConsoleRoute.settingsConsent.path, form: [
                "csrf": Browser.csrf(in: settingsPage.body) ?? "", "environment": "test", "locale": "ar-EG", "contentType": "text/plain",
                "content": "أوافق على التحقق من هويتي."])
            #expect(added.status == 303)
            let listed = try await admin.request(.GET, try #require(added.location))
            #expect(listed.body.contains("ar-EG") && listed.body.contains("The consent text is added."))
        }
    }

    @Test func otherRolesStaleAndBadFormsChangeNothing() async throws {
        try await withLiveClient { _, app, url async throws in
            let admin = try await ConsoleReviewTests.signedIn(url, app, email: "admin@example.com", role: .admin)
            let second = try await ConsoleReviewTests.signedIn(url, app, email: "second-admin@example.com", role: .admin)
            let reviewer = try await ConsoleReviewTests.signedIn(url, app, email: "rev@example.com", role: .reviewer)
            let before = try await app.operations.tenants.configuration(tenant: app.tenant, environment: .test)

            // A reviewer neither sees nor saves settings, and has no link to them.
            let refused = try await reviewer.request(.GET, ConsoleRoute.settings.path)
            #expect(refused.status == 403 && refused.body.contains("Settings are for admins") && !refused.body.contains(">Settings</a>"))
            #expect(try await Self.save(reviewer, Self.rules()).status == 403)

            // Each bad field is said plainly, with the values as typed kept in the form.
            let bad: [([String: String], String, Int)] = [
                (["faceThreshold": "0.9"], "The face-match threshold is a number from 0.4 to 0.66.", 400),
                (["faceThreshold": "NaN"], "The face-match threshold is a number from 0.4 to 0.66.", 400),
                (["countries": "XX"], "List at least one country", 400),
                (["countries": ""], "List at least one country", 400),
                (["maxAttempts": "0"], "Attempts are a whole number from 1 to 20.", 400),
                (["maxAttempts": "<script>"], "Attempts are a whole number from 1 to 20.", 400),
                (["reviewMargin": "0.5"], "The review margin is a number from 0 to 0.1.", 400),
                (["reason": "  "], "Say why you are making this change", 400),
                (["reason": String(repeating: "x", count: 401)], "Say why you are making this change", 400),
                (["environment": "staging"], "Choose the test or the live environment.", 400),
                (["csrf": "forged"], "This form had expired", 403),
            ]
            for (fields, message, status) in bad {
                let answer = try await Self.save(admin, Self.rules(fields))
                #expect(answer.status == status && answer.body.contains(message), "\(fields): \(answer.status)")
            }
            let typed = try await Self.save(admin, Self.rules(["faceThreshold": "0.9", "countries": "de, fr"]))
            #expect(typed.body.contains("value=\"de, fr\""))

            // Two admins open the page; the first saves; the second's stale form is refused and writes nothing.
            let stalePage = try await second.request(.GET, ConsoleRoute.settings.path + "?environment=test")
            #expect(try await Self.save(admin, Self.rules()).status == 303)
            let afterFirst = try await app.operations.tenants.configuration(tenant: app.tenant, environment: .test)
            let version = stalePage.body.range(of: #"name="version" value="[0-9a-f]+""#, options: .regularExpression)
                .map { String(stalePage.body[$0].dropFirst(#"name="version" value=""#.count).dropLast()) } ?? ""
            let stale = try await second.request(.POST, ConsoleRoute.settingsRules.path, form: Self.rules(["maxAttempts": "9"]).merging([
                "csrf": Browser.csrf(in: stalePage.body) ?? "", "version": version]) { $1 })
            #expect(stale.status == 409 && stale.body.contains("Someone saved these settings after you opened this page"))
            #expect(try await app.operations.tenants.configuration(tenant: app.tenant, environment: .test) == afterFirst)
            #expect(afterFirst != before)

            // Another tenant's admin changes their own tenant only.
            _ = try await app.operations.tenants.createKey(tenant: "globex", environment: .test)
            let stranger = try await ConsoleReviewTests.signedIn(url, app, email: "stranger@example.com", role: .admin, tenant: "globex")
            #expect(try await Self.save(stranger, Self.rules(["maxAttempts": "7"])).status == 303)
            #expect(try await app.operations.tenants.configuration(tenant: "globex", environment: .test).policy.maxAttempts == 7)
            #expect(try await app.operations.tenants.configuration(tenant: app.tenant, environment: .test) == afterFirst)

            // Consent texts: a bad locale, format or empty text is refused.
            let page = try await admin.request(.GET, ConsoleRoute.settings.path + "?environment=test")
            let token = Browser.csrf(in: page.body) ?? ""
            for (fields, message) in [(["locale": "english"], "A locale looks like en-US."), (["contentType": "application/pdf"], "Choose one of the formats."),
                                      (["content": "   "], "The text is 1 to 32,768 bytes.")] {
                let form = ["csrf": token, "environment": "test", "locale": "en-GB", "contentType": "text/plain", "content": "I agree."]
                    .merging(fields) { $1 }
                let answer = try await admin.request(.POST, ConsoleRoute.settingsConsent.path, form: form)
                #expect(answer.status == 400 && answer.body.contains(message), "\(fields)")
            }
        }
    }
}
