import Foundation
import Testing
import Verity
import VerityAPI
@testable import VerityCore
@testable import VerityStore
import Fluent
import VerityTestSupport

/// The console's sign-in in headless Chromium (`tests-pages/console_pages.py`):
/// a wrong password said plainly, the right one with an authenticator code,
/// Arabic right to left, signing out everywhere; axe-core clean on a desktop,
/// a tablet and a phone. Screenshots go to `VERITY_SCREENSHOTS_DIR`.
@Suite("The console in a browser", .heavy)
struct ConsolePagesBrowserTests {
    struct Result: Decodable {
        let outcome: String
        let steps: [String]
    }

    @Test func anAdminSignsInWithASecondFactorAndOutEverywhere() async throws {
        try await withVerityApp { app async throws in
            let url = try await app.startServer()
            let admin = try await app.operations.operators.createOperator(tenant: "acme", email: "admin@example.com", role: .admin, password: nil,
                                                                secondFactor: true)
            let viewer = try await app.operations.operators.createOperator(tenant: "acme", email: "viewer@example.com", role: .viewer, password: nil,
                                                                 secondFactor: false)
            let secret = try #require(admin.totpURI.flatMap(URLComponents.init(string:))?.queryItems?.first { $0.name == "secret" }?.value)
            let run = try await ChildProcess.python("tests-pages/console_pages.py", [
                "--url", url.absoluteString, "--email", "admin@example.com", "--password", admin.password, "--totp-secret", secret,
                "--now", "\(app.clock.now / 1000)", "--plain-email", "viewer@example.com", "--plain-password", viewer.password,
            ])
            #expect(run.status == 0, "\(run.errorText.suffix(2_000))")
            let result = try JSONDecoder().decode(Result.self, from: Data(run.lastLine.utf8))
            #expect(result.outcome == "ok" && result.steps.count == 17, "\(result.steps)")
            // The rule the admin changed in the browser is the environment's now.
            #expect(try await app.operations.tenants.configuration(tenant: "acme", environment: .test).policy.maxAttempts == 4)
        }
    }

    /// `tests-pages/console_account.py` (issue 67): two admins signed in six
    /// minutes ago (one with a second factor, on a desktop; one on a phone)
    /// are refused a new key until they confirm it is them, then make it; each
    /// forgets their browser on their own page.
    @Test func anAdminConfirmsItIsThemBeforeAKeyAndForgetsADevice() async throws {
        try await withVerityApp { app async throws in
            let url = try await app.startServer()
            let admin = try await app.operations.operators.createOperator(tenant: "acme", email: "admin@example.com", role: .admin, password: nil,
                                                                          secondFactor: true)
            let phoneAdmin = try await app.operations.operators.createOperator(tenant: "acme", email: "phone@example.com", role: .admin,
                                                                               password: nil, secondFactor: false)
            let secret = try #require(admin.totpURI.flatMap(URLComponents.init(string:))?.queryItems?.first { $0.name == "secret" }?.value)
            let desktop = ConsoleSignInTests.Browser(url), phone = ConsoleSignInTests.Browser(url)
            #expect(try await desktop.signIn(email: "admin@example.com", password: admin.password,
                                             code: try OperatorAccountsCode.now(admin, app)).status == 303)
            #expect(try await phone.signIn(email: "phone@example.com", password: phoneAdmin.password).status == 303)
            app.clock.advance(seconds: 6 * 60)
            let run = try await ChildProcess.python("tests-pages/console_account.py", [
                "--url", url.absoluteString, "--email", "admin@example.com", "--password", admin.password, "--totp-secret", secret,
                "--now", "\(app.clock.now / 1000)",
                // `--name=value`: a cookie may begin with "-", which argparse would read as an option.
                "--session=" + (desktop.cookies["verity_console"] ?? ""), "--device=" + (desktop.cookies["verity_console_device"] ?? ""),
                "--phone-password", phoneAdmin.password,
                "--phone-session=" + (phone.cookies["verity_console"] ?? ""), "--phone-device=" + (phone.cookies["verity_console_device"] ?? ""),
            ])
            #expect(run.status == 0, "\(run.errorText.suffix(2_000))")
            let result = try JSONDecoder().decode(Result.self, from: Data(run.lastLine.utf8))
            #expect(result.outcome == "ok" && result.steps.count == 14, "\(result.steps)")
            let trail = try await AuditEventModel.query(on: app.app.db).all().map(\.action)
            #expect(trail.filter { $0 == "console.confirmed" }.count == 2 && trail.filter { $0 == "console.device_revoked" }.count == 2)
            #expect(try await OperatorDeviceModel.query(on: app.app.db).count() == 0)
        }
    }

    /// `tests-pages/console_review.py`: three held checks; a reviewer with a
    /// second factor approves one and rejects another while a second reviewer
    /// has it open; the third's user is reset from the user page; the users'
    /// statuses and the webhooks follow.
    @Test func reviewersDecideHeldChecksAndTheUsersAndWebhooksFollow() async throws {
        let receiver = try WebhookReceiver()
        defer { receiver.stop() }
        try await withVerityApp { app async throws in
            let url = try await app.startServer()
            try await ConsoleReviewTests.holdNearMatches(app)
            let endpoint = try await WebhookAdmin(url: url, secretKey: app.secretKey).register(receiver, events: [.documentCheckCompleted])
            var clients: [IdentityVerificationClient] = []
            for user in ["user-approved", "user-rejected", "user-waiting"] {
                let client = IdentityVerificationClient(baseURL: url, token: try await app.token(for: user, ttlSeconds: 3_600), requestTimeout: TestDeadlines.requestTimeout)
                try #require(try await ConsoleReviewTests.submitHeld(client).documentCheck?.status == "review")
                clients.append(client)
                app.clock.advance(seconds: 1)
            }
            let reviewer = try await app.operations.operators.createOperator(tenant: "acme", email: "reviewer@example.com", role: .reviewer,
                                                                   password: nil, secondFactor: true)
            let second = try await app.operations.operators.createOperator(tenant: "acme", email: "second@example.com", role: .reviewer,
                                                                 password: nil, secondFactor: false)
            let secret = try #require(reviewer.totpURI.flatMap(URLComponents.init(string:))?.queryItems?.first { $0.name == "secret" }?.value)
            let run = try await ChildProcess.python("tests-pages/console_review.py", [
                "--url", url.absoluteString, "--email", "reviewer@example.com", "--password", reviewer.password,
                "--totp-secret", secret, "--now", "\(app.clock.now / 1000)",
                "--second-email", "second@example.com", "--second-password", second.password,
            ])
            #expect(run.status == 0, "\(run.errorText.suffix(2_000))")
            let result = try JSONDecoder().decode(Result.self, from: Data(run.lastLine.utf8))
            #expect(result.outcome == "ok" && result.steps.count == 14, "\(result.steps)")

            // Checked through the API, as the tenant's app sees it.
            let approved = try await clients[0].checkIdentityVerification()
            #expect(approved.verified && approved.documentVerificationStatus == .succeeded)
            let rejected = try await clients[1].checkIdentityVerification()
            #expect(rejected.documentVerificationStatus == .failed && rejected.documentCheck?.reasons == ["DOCUMENT_TAMPERED"])
            // The waiting user was reset on the user page: the held check withdrawn, nothing pending.
            let waiting = try await clients[2].checkIdentityVerification()
            #expect(waiting.documentVerificationStatus != .pending && waiting.attemptsRemaining > 0)
            #expect(try await DocumentCheckModel.query(on: app.app.db).filter(\.$status == .withdrawn).count() == 1)
            let now = Date(timeIntervalSince1970: Double(app.clock.now) / 1000)
            let events = try await app.deliveries(atLeast: 2, at: receiver).map {
                try Webhook.verify(payload: $0.bytes, header: $0.signature, secrets: [endpoint.secret], tolerance: 3_600, now: now)
            }
            #expect(Set(events.map(\.userRef)) == ["user-approved", "user-rejected"])
            #expect(try events.allSatisfy { try $0.payload(DocumentCheckCompleted.self).decidedBy == .reviewer })
        }
    }

    /// `tests-pages/console_sanctions.py`: a VerifyCompliance session matched a
    /// listed entry no birth date confirms; a reviewer compares the two in the
    /// browser and records a false positive; the session passes through the
    /// API and the same person is not flagged again.
    @Test func aComplianceReviewerRecordsASanctionsFalsePositive() async throws {
        try await MobileAPI.withMobile(credits: 120) { app, url, key in
            try await ConsoleSanctionsTests.listJohnSmith(app, at: 1)
            let client = MobileVerificationClient(baseURL: url, clientKey: key, requestTimeout: TestDeadlines.requestTimeout)
            let screened = try await ConsoleSanctionsTests.screenJohn(client)
            try #require(screened.outcome == .undetermined)
            let reviewer = try await app.operations.operators.createOperator(tenant: app.tenant, email: "compliance@example.com", role: .reviewer,
                                                                   password: nil, secondFactor: false)
            let run = try await ChildProcess.python("tests-pages/console_sanctions.py", [
                "--url", url.absoluteString, "--email", "compliance@example.com", "--password", reviewer.password, "--entry", "99",
            ])
            #expect(run.status == 0, "\(run.errorText.suffix(2_000))")
            let result = try JSONDecoder().decode(Result.self, from: Data(run.lastLine.utf8))
            #expect(result.outcome == "ok" && result.steps.count == 3, "\(result.steps)")

            // Through the API, as the tenant's app sees it.
            let decided = try await client.identityResult(sessionID: screened.sessionID, product: .verifyCompliance)
            #expect(decided.decision == .pass)
            #expect(try await ConsoleSanctionsTests.screenJohn(client).outcome == .pass)
        }
    }

    /// `tests-pages/console_sanctions.py --kind monitoring`: a person who passed
    /// VerifyCompliance is found by the list's next version; the reviewer
    /// compares them with the entry in the browser and records a false
    /// positive, which the alert and the next check both keep.
    @Test func aComplianceReviewerClearsAMonitoringAlert() async throws {
        try await MobileAPI.withMobile(credits: 120) { app, url, key in
            let client = MobileVerificationClient(baseURL: url, clientKey: key, requestTimeout: TestDeadlines.requestTimeout)
            _ = try await ConsoleMonitoringTests.alertOnJohn(app, client)
            let reviewer = try await app.operations.operators.createOperator(tenant: app.tenant, email: "compliance@example.com", role: .reviewer,
                                                                   password: nil, secondFactor: false)
            let run = try await ChildProcess.python("tests-pages/console_sanctions.py", [
                "--url", url.absoluteString, "--email", "compliance@example.com", "--password", reviewer.password, "--entry", "99",
                "--kind", "monitoring",
            ])
            #expect(run.status == 0, "\(run.errorText.suffix(2_000))")
            let result = try JSONDecoder().decode(Result.self, from: Data(run.lastLine.utf8))
            #expect(result.outcome == "ok" && result.steps.count == 3, "\(result.steps)")
            #expect(try await ConsoleMonitoringTests.alertStates(app) == ["cleared"])
            #expect(try await ConsoleSanctionsTests.screenJohn(client).outcome == .pass)
        }
    }

    /// `tests-pages/console_watchlists.py`: an admin imports the tenant's
    /// watchlist in the browser (a bad file refused with its line, then two
    /// versions, the second's changes named), imports another and removes it;
    /// the admin API lists what the page did, the trail has each change with
    /// its reason, and VerifyCompliance screens against the watchlist at once.
    @Test func anAdminManagesTheTenantsWatchlists() async throws {
        try await MobileAPI.withMobile(credits: 60) { app, url, key in
            try await app.useSanctions([SanctionsEntry(id: 100, name: "DOE, Jane", kind: .individual)], source: "sdn.csv", now: 1)
            let files = FileManager.default.temporaryDirectory.appendingPathComponent("watchlists-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: files) }
            for (name, text) in [
                ("bad.csv", "reference,name,date_of_birth\nB-1,John Smith,\nB-2,Jane Roe,not-a-date\n"),
                ("blocklist-1.csv", "reference,name,date_of_birth,nationality,note\nB-1,John Smith,,,Fraud ring 2026\nB-2,Jane Roe,1980-01-01,GB,\n"),
                ("blocklist-2.json", #"[{"reference":"B-1","name":"John Smith","aliases":["Johnny Smith"],"note":"Fraud ring 2026"},"#
                    + #"{"reference":"B-3","name":"Richard Roe","date_of_birth":"1970-05-05"}]"#),
                ("old.csv", "reference,name\nO-1,Old Name\n"),
            ] { try Data(text.utf8).write(to: files.appendingPathComponent(name)) }
            let admin = try await app.operations.operators.createOperator(tenant: app.tenant, email: "lists@example.com", role: .admin,
                                                                          password: nil, secondFactor: false)
            let run = try await ChildProcess.python("tests-pages/console_watchlists.py", [
                "--url", url.absoluteString, "--email", "lists@example.com", "--password", admin.password, "--files", files.path,
            ])
            #expect(run.status == 0, "\(run.errorText.suffix(2_000))")
            let result = try JSONDecoder().decode(Result.self, from: Data(run.lastLine.utf8))
            #expect(result.outcome == "ok" && !result.steps.isEmpty, "\(result.steps)")

            let lists = try await RawHTTP(baseURL: url).send("GET", SanctionsRoute.lists.path, bearer: app.secretKey).decode(SanctionsListsView.self)
            #expect(lists.lists.map(\.list) == ["ofac-sdn", "watchlist:blocklist"], "\(lists)")
            let trail = try await AuditEventModel.query(on: app.app.db).all().filter { $0.action.hasPrefix("sanctions.watchlist") }
            #expect(trail.filter { $0.action == "sanctions.watchlist_import" }.count == 3, "\(trail.map(\.action))")
            #expect(trail.first { $0.action == "sanctions.watchlist_remove" }?.reason?.hasPrefix("Replaced by the blocklist.") == true)

            // The watchlist screens at once: John Smith's passport is the tenant's entry B-1.
            let client = MobileVerificationClient(baseURL: url, clientKey: key, requestTimeout: TestDeadlines.requestTimeout)
            let screened = try await ConsoleSanctionsTests.screenJohn(client)
            let matches = try await client.identityResult(sessionID: screened.sessionID, product: .verifyCompliance).screening?.matches ?? []
            #expect(matches.map(\.list) == ["watchlist:blocklist"] && matches.map(\.reference) == ["B-1"], "\(matches)")
        }
    }

    /// `tests-pages/console_cases.py`: an accreditation request and a national-ID
    /// combination with fields to review wait in one queue; each case page is
    /// opened (axe-core, screenshots), and the request approved in the browser
    /// shows its activation code once, which then certifies the user.
    @Test func everyKindOfCaseOpensCleanAndAnAccreditationIsApproved() async throws {
        try await withCertification { harness async throws in
            let app = harness.app
            let client = try await harness.accreditationRequested("browser-accreditation", email: nil)
            try await app.configure { $0.documents.review = DocumentReviewSettings(enabled: true, faceMargin: 0.04) }
            _ = try await app.operations.tenants.createHMACKey(tenant: app.tenant, environment: .test)
            _ = try await ConsoleOCRTests.combine(app, harness.url, card: "egypt_id-000-clean", userRef: "browser-ocr")
            let reviewer = try await app.operations.operators.createOperator(tenant: app.tenant, email: "reviewer@example.com", role: .reviewer,
                                                                   password: nil, secondFactor: false)
            let run = try await ChildProcess.python("tests-pages/console_cases.py", [
                "--url", harness.url.absoluteString, "--email", "reviewer@example.com", "--password", reviewer.password, "--cases", "2",
            ])
            #expect(run.status == 0, "\(run.errorText.suffix(2_000))")
            let result = try JSONDecoder().decode(Result.self, from: Data(run.lastLine.utf8))
            #expect(result.outcome == "ok" && result.steps.count == 5, "\(result.steps)")
            // The code the browser showed went to the user's phone too; it certifies them.
            let protector = try DataProtector(dataKey: app.settings.dataKey)
            let texts = try await OutboxMessageModel.query(on: app.app.db).all().map { try $0.opened(protector).text }
            let message = try #require(texts.first { $0.contains("activation code") })
            let code = try #require(message.range(of: "[0-9]{4}( [0-9]{4}){3}", options: .regularExpression).map { String(message[$0]) })
            #expect(try await client.certifyUser(withDIAC: code).status == .certificatePending)
        }
    }
}
