import Fluent
import Foundation
import Testing
import VerityAPI
@testable import VerityCore
@testable import VerityStore
import VerityTestSupport
@testable import VerityOperators
@testable import VerityConsole

/// Issue 67 over HTTP: every change to keys, operators and settings needs the
/// admin's password (and code) from the last five minutes, and the browsers
/// known as an operator's are listed on their page and can be forgotten, after
/// which they bypass nothing.
@Suite("Console: re-authentication and known devices")
struct ConsoleReauthenticationTests {
    typealias Browser = ConsoleSignInTests.Browser

    /// Every sensitive form, from its page: refused (403, nothing changed)
    /// once the sign-in is more than five minutes old; then confirmed on the
    /// confirmation page (a wrong password refused), and the same form goes through.
    @Test func sensitiveChangesNeedAFreshProofAndGoThroughAfterOne() async throws {
        try await withVerityApp { app async throws in
            let url = try await app.startServer()
            let created = try await app.operations.operators.createOperator(tenant: "acme", email: "boss@example.com", role: .admin,
                                                                            password: nil, secondFactor: true)
            let other = try await app.operations.operators.createOperator(tenant: "acme", email: "rev@example.com", role: .reviewer,
                                                                          password: nil, secondFactor: false)
            let admin = Browser(url)
            let code = try OperatorAccountsCode.now(created, app)
            #expect(try await admin.signIn(email: "boss@example.com", password: created.password, code: code).status == 303)
            let keysPage = ConsoleRoute.settingsKeys.path + "?environment=test"
            let fresh = try await admin.request(.GET, keysPage)
            #expect(fresh.body.contains("you can make changes until"), "a sign-in is a fresh proof")

            app.clock.advance(seconds: 6 * 60)
            let forms: [(page: String, route: ConsoleRoute, fields: [String: String])] = [
                (keysPage, .settingsKeyCreate, ["environment": "test", "kind": "secret", "reason": "A key."]),
                (ConsoleRoute.settingsOperators.path, .settingsOperatorCreate,
                 ["email": "new@example.com", "role": "viewer", "reason": "A new colleague."]),
                (ConsoleRoute.settingsOperators.path, .settingsOperatorAction,
                 ["operator": other.operator.id.uuidString, "action": "disable", "reason": "Left."]),
                (ConsoleRoute.settingsOperators.path, .settingsOperatorAction,
                 ["operator": other.operator.id.uuidString, "action": "reset_second_factor", "reason": "Lost their phone."]),
                (ConsoleRoute.settings.path + "?environment=test", .settingsConsent,
                 ["environment": "test", "locale": "en", "contentType": "text/plain", "content": "We check who you are."]),
            ]
            let auditBefore = try await AuditEventModel.query(on: app.app.db).count()
            for form in forms {
                let page = try await admin.request(.GET, form.page)
                #expect(page.body.contains("need you to confirm it is you"), "\(form.page)")
                let refused = try await ConsoleAccessTests.post(admin, from: form.page, to: form.route, form.fields)
                #expect(refused.status == 403 && refused.body.contains("Confirm it is you first"), "\(form.route) \(refused.status)")
            }
            #expect(try await AuditEventModel.query(on: app.app.db).count() == auditBefore, "a refused change wrote to the trail")
            #expect(try await app.operations.operators.list(tenant: "acme").count == 2)

            // The confirmation page: a wrong password, then a used code, are refused; the right ones return to the page.
            let confirmPath = ConsoleRoute.confirm.path + "?next=" + (keysPage.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
            let confirmPage = try await admin.request(.GET, confirmPath)
            #expect(confirmPage.status == 200 && confirmPage.body.contains("name=\"next\" value=\"/console/settings/keys?environment=test\""))
            let token = try #require(Browser.csrf(in: confirmPage.body))
            let wrong = try await admin.request(.POST, ConsoleRoute.confirm.path,
                                                form: ["csrf": token, "next": keysPage, "password": "not it", "code": try OperatorAccountsCode.now(created, app)])
            #expect(wrong.status == 401 && wrong.body.contains("not right"))
            let replayed = try await admin.request(.POST, ConsoleRoute.confirm.path,
                                                   form: ["csrf": token, "next": keysPage, "password": created.password, "code": code])
            #expect(replayed.status == 401, "the sign-in's own code again")
            app.clock.advance(seconds: 30)
            let confirmed = try await admin.request(.POST, ConsoleRoute.confirm.path, form: [
                "csrf": token, "next": keysPage, "password": created.password, "code": try OperatorAccountsCode.now(created, app)])
            #expect(confirmed.status == 303 && confirmed.location == keysPage + "&lang=en", "\(confirmed.location ?? "-")")
            // Somewhere else than a console page is never where a confirmation returns.
            for next in ["https://evil.example/", "//evil.example/console", "/console//evil.example", "/console\\..\\admin", "/admin/v1/operators",
                         "/console/../admin/v1/operators", "/console/\"><script>x</script>"] {
                let page = try await admin.request(.GET, ConsoleRoute.confirm.path + "?next=" + (next.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""))
                #expect(page.body.contains("name=\"next\" value=\"/console\""), "\(next)")
            }

            for form in forms {
                let done = try await ConsoleAccessTests.post(admin, from: form.page, to: form.route, form.fields)
                #expect([200, 303].contains(done.status), "\(form.route) \(done.status): \(done.body.prefix(300))")
            }
            let trail = try await AuditEventModel.query(on: app.app.db).all().map(\.action)
            #expect(trail.contains("console.confirmed") && trail.contains("operator.reset_second_factor") && trail.contains("operator.disable"))

            // Five minutes on, it asks again.
            app.clock.advance(seconds: 5 * 60 + 1)
            let stale = try await ConsoleAccessTests.post(admin, from: keysPage, to: .settingsKeyCreate, forms[0].fields)
            #expect(stale.status == 403)
        }
    }

    /// The operator's page lists their browsers, this one marked; forgetting
    /// it there (or signing out everywhere) makes it a stranger's again: with
    /// the address waiting after a stranger's failures, it waits too.
    @Test func aForgottenDeviceIsListedNoMoreAndBypassesNothing() async throws {
        try await withVerityApp { app async throws in
            let url = try await app.startServer()
            let created = try await app.operations.operators.createOperator(tenant: "acme", email: "dev@example.com", role: .viewer,
                                                                            password: nil, secondFactor: false)
            let browser = Browser(url)
            #expect(try await browser.signIn(email: "dev@example.com", password: created.password).status == 303)
            let device = try #require(browser.cookies["verity_console_device"])
            let home = try await browser.request(.GET, ConsoleRoute.home.path)
            #expect(home.body.contains("Your devices") && home.body.contains("(this browser)"))
            let deviceID = try #require(home.body.range(of: #"name="device" value="[0-9A-F-]{36}""#, options: .regularExpression)
                .map { String(home.body[$0].dropFirst(#"name="device" value=""#.count).dropLast()) })

            // A stranger at the same address (all of this test is 127.0.0.1) makes that address wait.
            let stranger = Browser(url)
            for _ in 1...5 { _ = try await stranger.signIn(email: "dev@example.com", password: "not the password") }
            #expect(try await stranger.signIn(email: "dev@example.com", password: created.password).status == 401)
            browser.cookies["verity_console"] = nil   // signed out here; the device cookie stays
            #expect(try await browser.signIn(email: "dev@example.com", password: created.password).status == 303, "the known device waited")

            // Another operator cannot forget it; a form without the token forgets nothing.
            let otherCreated = try await app.operations.operators.createOperator(tenant: "acme", email: "oth@example.com", role: .viewer,
                                                                                 password: nil, secondFactor: false)
            let otherBrowser = Browser(url)
            _ = try await otherBrowser.signIn(email: "oth@example.com", password: otherCreated.password)
            let othersHome = try await otherBrowser.request(.GET, ConsoleRoute.home.path)
            let notTheirs = try await otherBrowser.request(.POST, ConsoleRoute.deviceRevoke.path,
                                                           form: ["csrf": Browser.csrf(in: othersHome.body) ?? "", "device": deviceID])
            #expect(notTheirs.status == 404)
            let noToken = try await browser.request(.POST, ConsoleRoute.deviceRevoke.path, form: ["device": deviceID])
            #expect(noToken.status == 403)

            let page = try await browser.request(.GET, ConsoleRoute.home.path)
            let revoked = try await browser.request(.POST, ConsoleRoute.deviceRevoke.path,
                                                    form: ["csrf": Browser.csrf(in: page.body) ?? "", "device": deviceID])
            #expect(revoked.status == 303)
            let after = try await browser.request(.GET, ConsoleRoute.home.path + "?done=device_revoked")
            #expect(after.body.contains("That browser is forgotten") && !after.body.contains(deviceID))
            #expect(try await AuditEventModel.query(on: app.app.db).filter(\.$action == "console.device_revoked").count() == 1)

            // The old cookie is no key any more: from the waiting address it waits like the stranger.
            browser.cookies = ["verity_console_device": device]   // signed out, the old device cookie kept
            #expect(try await browser.signIn(email: "dev@example.com", password: created.password).status == 401,
                    "a forgotten device still bypassed the wait")
        }
    }
}

/// The TOTP code an operator's authenticator shows now.
enum OperatorAccountsCode {
    static func now(_ credentials: OperatorCredentials, _ app: VerityTestApp) throws -> String {
        let uri = try #require(credentials.totpURI.flatMap(URLComponents.init(string:)))
        let secret = try #require(uri.queryItems?.first { $0.name == "secret" }?.value.flatMap(Base32.decode))
        let totp = TOTP(secret: secret)
        return totp.code(step: totp.step(at: app.clock.now / 1000))
    }
}
