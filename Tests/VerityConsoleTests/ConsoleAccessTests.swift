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

/// Keys and operators on the console's settings pages: what an admin makes
/// works at once and is shown once; what they revoke or disable is refused
/// at once; every change is in the trail; other roles, other environments,
/// other tenants and bad forms change nothing.
@Suite("Console settings: keys and operators")
struct ConsoleAccessTests {
    typealias Browser = ConsoleSignInTests.Browser

    /// Posts a form from `page` (GET first, for its CSRF token).
    static func post(_ browser: Browser, from page: String, to route: ConsoleRoute, _ fields: [String: String], raw: String? = nil)
        async throws -> Browser.Answer {
        let shown = try await browser.request(.GET, page)
        let token = Browser.csrf(in: shown.body) ?? ""
        if let raw { return try await browser.request(.POST, route.path, rawBody: raw + "&csrf=\(token)") }
        return try await browser.request(.POST, route.path, form: ["csrf": token].merging(fields) { $1 })
    }

    /// The secret shown once in a page's `.shown-once` box.
    static func shownSecret(_ html: String) -> String? {
        guard let range = html.range(of: #"<p class="diac"><code>[^<]+</code>"#, options: .regularExpression) else { return nil }
        return String(html[range]).replacingOccurrences(of: #"<[^>]+>"#, with: "", options: .regularExpression)
    }

    /// The id in the table row that shows `prefix`.
    static func keyID(of prefix: String, in html: String) -> String? {
        html.components(separatedBy: "<tr>").first { $0.contains(prefix) }.flatMap { keyIDs($0).first }
    }

    static func keyIDs(_ html: String) -> [String] {
        let pattern = try! NSRegularExpression(pattern: #"name="key" value="([0-9A-F-]{36})""#)
        return pattern.matches(in: html, range: NSRange(html.startIndex..., in: html)).compactMap {
            Range($0.range(at: 1), in: html).map { String(html[$0]) }
        }
    }

    @Test func anAdminMakesAndRevokesKeysThatWorkAndStopAtOnce() async throws {
        try await withLiveClient { _, app, url async throws in
            let admin = try await ConsoleReviewTests.signedIn(url, app, email: "admin@example.com", role: .admin)
            let keysPage = ConsoleRoute.settingsKeys.path + "?environment=test"

            // A secret key, shown once, works against the admin API at once.
            let made = try await Self.post(admin, from: keysPage, to: .settingsKeyCreate,
                                           ["environment": "test", "kind": "secret", "reason": "The billing service's own key."])
            #expect(made.status == 200 && made.headers.first(name: "cache-control")?.contains("no-store") == true)
            let secret = try #require(Self.shownSecret(made.body))
            #expect(secret.hasPrefix("vk_test_"))
            let api = WebhookAdmin(url: url, secretKey: secret)
            #expect(try await api.call("GET", WebhookRoute.endpoints.path, as: [WebhookEndpointView].self).1 == 200)
            let listed = try await admin.request(.GET, keysPage)
            #expect(listed.body.contains(String(secret.prefix(14))) && !listed.body.contains(secret))

            // A client key for VerifyHuman only: admitted (no credits yet), until revoked.
            let client = try await admin.request(.POST, ConsoleRoute.settingsKeyCreate.path,
                                                 rawBody: "csrf=\(Browser.csrf(in: listed.body) ?? "")&environment=test&kind=client&scopes%5B%5D=verifyhuman&reason=The%20app")
            let clientKey = try #require(Self.shownSecret(client.body), "\(client.body.prefix(500))")
            #expect(clientKey.hasPrefix("vhk_test_"))
            let human = MobileVerificationClient(baseURL: url, clientKey: clientKey, retryDelays: [], requestTimeout: TestDeadlines.requestTimeout)
            let selfie = try MobileAPI.fixture("john-smith-selfie.jpg")
            await #expect(throws: MobileVerificationError.self) { try await human.verifyHuman(image: selfie) }
            let admitted = await Self.mobileCode { try await human.verifyHuman(image: selfie) }
            #expect(admitted == "CREDITS_EXHAUSTED")

            // Revoked with a reason: refused from the next request on.
            let page = try await admin.request(.GET, keysPage)
            let secretID = try #require(Self.keyID(of: String(secret.prefix(14)), in: page.body))
            let clientID = try #require(Self.keyID(of: String(clientKey.prefix(15)), in: page.body))
            for (id, kind) in [(secretID, "secret"), (clientID, "client")] {
                let answer = try await admin.request(.POST, ConsoleRoute.settingsKeyRevoke.path, form: [
                    "csrf": Browser.csrf(in: page.body) ?? "", "environment": "test", "kind": kind, "key": id, "reason": "Rotated."])
                #expect(answer.status == 303, "\(kind) \(answer.status)")
            }
            #expect(try await api.call("GET", WebhookRoute.endpoints.path, as: [WebhookEndpointView].self).1 == 401)
            let afterClient = await Self.mobileCode { try await human.verifyHuman(image: selfie) }
            #expect(afterClient == "INVALID_CLIENT_KEY")
            let trail = try await admin.request(.GET, ConsoleRoute.audit.path + "?action=key.create")
            #expect(trail.body.contains("The billing service&#39;s own key.") || trail.body.contains("The billing service's own key."))
            let revokedTrail = try await admin.request(.GET, ConsoleRoute.audit.path + "?action=client_key.revoke")
            #expect(revokedTrail.body.contains("Rotated.") && revokedTrail.body.contains("admin@example.com"))
        }
    }

    @Test func keyFormsFromOtherRolesEnvironmentsAndBadFieldsChangeNothing() async throws {
        try await withLiveClient { _, app, url async throws in
            let admin = try await ConsoleReviewTests.signedIn(url, app, email: "admin@example.com", role: .admin)
            let reviewer = try await ConsoleReviewTests.signedIn(url, app, email: "rev@example.com", role: .reviewer)
            let live = try await app.operations.tenants.createKey(tenant: app.tenant, environment: .live)
            let liveAPI = WebhookAdmin(url: url, secretKey: live)
            let livePage = try await admin.request(.GET, ConsoleRoute.settingsKeys.path + "?environment=live")
            let liveID = try #require(Self.keyIDs(livePage.body).first)

            // The live key's id, sent as the test environment's: not found there, and the key still works.
            let misdirected = try await Self.post(admin, from: ConsoleRoute.settingsKeys.path + "?environment=test", to: .settingsKeyRevoke,
                                                  ["environment": "test", "kind": "secret", "key": liveID, "reason": "Wrong place."])
            #expect(misdirected.status == 404 && misdirected.body.contains("There is no key in use with that id in this environment."))
            #expect(try await liveAPI.call("GET", WebhookRoute.endpoints.path, as: [WebhookEndpointView].self).1 == 200)

            let keysPage = ConsoleRoute.settingsKeys.path + "?environment=test"
            for (fields, message, status) in [
                (["kind": "client"], "Choose at least one product for the client key.", 400),
                (["kind": "master"], "Choose a secret or a client key.", 400),
                (["kind": "secret", "reason": ""], "Say why you are making this change", 400),
                (["kind": "secret", "csrf": "forged"], "This form had expired", 403),
            ] as [([String: String], String, Int)] {
                let answer = try await Self.post(admin, from: keysPage, to: .settingsKeyCreate,
                                                 ["environment": "test", "reason": "Testing."].merging(fields) { $1 })
                #expect(answer.status == status && answer.body.contains(message), "\(fields): \(answer.status)")
                #expect(Self.shownSecret(answer.body) == nil)
            }
            #expect(try await Self.post(admin, from: keysPage, to: .settingsKeyRevoke,
                                        ["environment": "test", "kind": "secret", "key": "not-an-id", "reason": "x"]).status == 404)
            // A reviewer sees no keys and makes none; another tenant's admin finds none of these.
            #expect(try await reviewer.request(.GET, keysPage).status == 403)
            let byReviewer = try await Self.post(reviewer, from: "/console", to: .settingsKeyCreate,
                                                 ["environment": "test", "kind": "secret", "reason": "Mine."])
            #expect(byReviewer.status == 403 && Self.shownSecret(byReviewer.body) == nil)
            _ = try await app.operations.tenants.createKey(tenant: "globex", environment: .test)
            let stranger = try await ConsoleReviewTests.signedIn(url, app, email: "stranger@example.com", role: .admin, tenant: "globex")
            let strangerLive = try await stranger.request(.GET, ConsoleRoute.settingsKeys.path + "?environment=live")
            #expect(!Self.keyIDs(strangerLive.body).contains(liveID))
            let strangerRevoke = try await Self.post(stranger, from: ConsoleRoute.settingsKeys.path + "?environment=test", to: .settingsKeyRevoke,
                                                     ["environment": "live", "kind": "secret", "key": liveID, "reason": "Not mine."])
            #expect(strangerRevoke.status == 404 || strangerRevoke.status == 400)
            #expect(try await liveAPI.call("GET", WebhookRoute.endpoints.path, as: [WebhookEndpointView].self).1 == 200)
        }
    }

    @Test func anAdminAddsDisablesAndResetsOperators() async throws {
        try await withLiveClient { _, app, url async throws in
            let admin = try await ConsoleReviewTests.signedIn(url, app, email: "admin@example.com", role: .admin)
            let page = ConsoleRoute.settingsOperators.path
            let added = try await Self.post(admin, from: page, to: .settingsOperatorCreate, [
                "email": "New.Reviewer@Example.com", "role": "reviewer", "reason": "Joins the review team."])
            #expect(added.status == 200 && added.body.contains("The password for new.reviewer@example.com"))
            let password = try #require(Self.shownSecret(added.body))
            let newcomer = Browser(url)
            #expect(try await newcomer.signIn(email: "new.reviewer@example.com", password: password).status == 303)

            // Disabled: their session ends at once, and they cannot sign in; enabled again, they can.
            let listed = try await admin.request(.GET, page)
            #expect(listed.body.contains("new.reviewer@example.com") && listed.body.contains("Reviewer"))
            let ownID = try #require(try await app.operations.operators.list(tenant: app.tenant).first { $0.email == "admin@example.com" }?.id)
            let theirID = try #require(try await app.operations.operators.list(tenant: app.tenant).first { $0.email == "new.reviewer@example.com" }?.id)
            let disabled = try await Self.post(admin, from: page, to: .settingsOperatorAction,
                                               ["operator": theirID.uuidString, "action": "disable", "reason": "Left the team."])
            #expect(disabled.status == 303)
            #expect(try await newcomer.request(.GET, ConsoleRoute.queue.path).status == 303)
            #expect(try await Browser(url).signIn(email: "new.reviewer@example.com", password: password).status != 303)
            #expect(try await Self.post(admin, from: page, to: .settingsOperatorAction,
                                        ["operator": theirID.uuidString, "action": "enable", "reason": "Back."]).status == 303)
            // A new password: the old one no longer signs in, the new one does.
            let reset = try await Self.post(admin, from: page, to: .settingsOperatorAction,
                                            ["operator": theirID.uuidString, "action": "reset_password", "reason": "Forgot it."])
            let fresh = try #require(Self.shownSecret(reset.body))
            #expect(try await Browser(url).signIn(email: "new.reviewer@example.com", password: password).status != 303)
            #expect(try await Browser(url).signIn(email: "new.reviewer@example.com", password: fresh).status == 303)

            // Refused, changing nothing: disabling oneself, a taken address, a bad role, an unknown or foreign operator.
            let selfDisable = try await Self.post(admin, from: page, to: .settingsOperatorAction,
                                                  ["operator": ownID.uuidString, "action": "disable", "reason": "Oops."])
            #expect(selfDisable.status == 400 && selfDisable.body.contains("You cannot disable yourself."))
            let taken = try await Self.post(admin, from: page, to: .settingsOperatorCreate,
                                            ["email": "admin@example.com", "role": "viewer", "reason": "Twice."])
            #expect(taken.status == 409 && taken.body.contains("Enter an e-mail address no operator signs in with yet.") && Self.shownSecret(taken.body) == nil)
            #expect(try await Self.post(admin, from: page, to: .settingsOperatorCreate,
                                        ["email": "x@example.com", "role": "owner", "reason": "No."]).status == 400)
            _ = try await app.operations.tenants.createKey(tenant: "globex", environment: .test)
            let foreign = try await app.operations.operators.createOperator(tenant: "globex", email: "g@example.com", role: .admin, password: nil, secondFactor: false)
            let foreignReset = try await Self.post(admin, from: page, to: .settingsOperatorAction,
                                                   ["operator": foreign.operator.id.uuidString, "action": "reset_password", "reason": "Not ours."])
            #expect(foreignReset.status == 404 && Self.shownSecret(foreignReset.body) == nil)
            #expect(try await Browser(url).signIn(email: "g@example.com", password: foreign.password).status == 303)

            let trail = try await admin.request(.GET, ConsoleRoute.audit.path + "?action=operator.disable")
            #expect(trail.body.contains("Left the team. (new.reviewer@example.com)"))
            let reviewer = try await ConsoleReviewTests.signedIn(url, app, email: "rev@example.com", role: .reviewer)
            #expect(try await reviewer.request(.GET, page).status == 403)
        }
    }

    /// The mobile error code a call ends with, nil when it succeeds.
    static func mobileCode(_ call: () async throws -> some Any) async -> String? {
        do { _ = try await call(); return nil } catch let error as MobileVerificationError { return error.code.rawValue } catch { return "\(error)" }
    }
}
