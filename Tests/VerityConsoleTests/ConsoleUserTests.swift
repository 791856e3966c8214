import Fluent
import Foundation
import Testing
import Verity
import VerityAPI
@testable import VerityCore
@testable import VerityStore
import VerityTestSupport
@testable import VerityKernel
@testable import VerityConsole

/// The console's user page over HTTP: a user found by the tenant's own
/// reference, their history without PII, and a reviewer's actions, each as
/// the admin API would do it and each in the audit trail. Another tenant's
/// user with the same reference is never shown or touched.
@Suite("Console users over HTTP")
struct ConsoleUserTests {
    typealias Browser = ConsoleSignInTests.Browser

    static func userPage(_ browser: Browser, _ ref: String) async throws -> Browser.Answer {
        try await browser.request(.GET, ConsolePage.address(ConsoleRoute.users.path, [URLQueryItem(name: "ref", value: ref)]))
    }

    /// Posts one action with the page's own token (or `csrf`).
    static func act(_ browser: Browser, _ action: String, ref: String, environment: String = "test", csrf: String? = nil,
                    _ extra: [String: String] = [:]) async throws -> Browser.Answer {
        let page = try await userPage(browser, ref)
        let token = csrf ?? Browser.csrf(in: page.body) ?? ""
        return try await browser.request(.POST, ConsoleRoute.userActions.path, form: [
            "csrf": token, "action": action, "environment": environment, "ref": ref,
        ].merging(extra) { _, given in given })
    }

    @Test func aReviewerFindsAUserAndResetsThemWithTheirNoteInTheTrail() async throws {
        try await withLiveClient(userRef: "customer-9") { client, app, url async throws in
            try await client.consent()
            let first = try await client.verifyIdentity(input: IdentityDocuments.johnWithTypo)
            #expect(!first.verified)
            _ = try await app.operations.tenants.createKey(tenant: "globex", environment: .test)
            _ = try await app.operations.identity.mintToken(tenant: "globex", environment: .test, userRef: "customer-9", ttlSeconds: 600)
            let reviewer = try await ConsoleReviewTests.signedIn(url, app, email: "rev@example.com", role: .reviewer)
            let viewer = try await ConsoleReviewTests.signedIn(url, app, email: "viewer@example.com", role: .viewer)
            let stranger = try await ConsoleReviewTests.signedIn(url, app, email: "stranger@example.com", role: .admin, tenant: "globex")

            // Found in acme's test environment only, with outcomes and no PII.
            let page = try await Self.userPage(reviewer, "customer-9")
            #expect(page.status == 200 && page.body.contains("In the test environment") && !page.body.contains("In the live environment"))
            #expect(page.body.contains("PII attempts") && page.body.contains("provided") && page.body.contains("Reset verification"))
            for pii in ["Smith", "SMITH", "30319", "1975"] { #expect(!page.body.contains(pii), "\(pii) on the user page") }
            let attemptsLeft = first.attemptsRemaining
            #expect(page.body.contains("<dd>\(attemptsLeft)</dd>"))

            // Nothing found, a reference that cannot be one, and markup, said plainly.
            #expect(try await Self.userPage(reviewer, "nobody-here").body.contains("No user has this reference"))
            let long = try await Self.userPage(reviewer, String(repeating: "r", count: 129))
            #expect(long.status == 400 && long.body.contains("1 to 128 characters"))
            let hostile = try await Self.userPage(reviewer, "<script>x</script>")
            #expect(hostile.status == 200 && !hostile.body.contains("<script>x") && hostile.body.contains("&lt;script&gt;"))

            // Refused forms change nothing.
            let unconfirmed = try await Self.act(reviewer, "reset", ref: "customer-9")
            #expect(unconfirmed.status == 400 && unconfirmed.body.contains("Tick the box to confirm"))
            #expect(try await Self.act(reviewer, "reset", ref: "customer-9", csrf: "forged", ["confirm": "yes"]).status == 403)
            #expect(try await Self.act(viewer, "reset", ref: "customer-9", ["confirm": "yes"]).status == 403)
            let nowhere = try await Self.act(reviewer, "reset", ref: "customer-9", environment: "staging", ["confirm": "yes"])
            #expect(nowhere.status == 400 && nowhere.body.contains("test or the live environment"))
            #expect(try await Self.act(reviewer, "explode", ref: "customer-9").status == 400)
            let long400 = try await Self.act(reviewer, "reset", ref: "customer-9", ["confirm": "yes", "note": String(repeating: "n", count: 401)])
            #expect(long400.status == 400)
            // Another tenant's admin resets "their" customer-9: acme's is untouched.
            #expect(try await Self.act(stranger, "require_government_id", ref: "customer-9").status == 303)
            #expect(try await client.checkIdentityVerification().attemptsRemaining == attemptsLeft)
            #expect(try await client.checkIdentityVerification().requiredVerificationMethod == .knowledgeOfPII)

            // The reset, confirmed, with a note: the user starts again.
            let reset = try await Self.act(reviewer, "reset", ref: "customer-9", ["confirm": "yes", "note": "Customer called: typo in postcode."])
            #expect(reset.status == 303 && reset.location?.contains("done=yes") == true)
            let after = try await client.checkIdentityVerification()
            #expect(after.attemptsRemaining > attemptsLeft && after.verificationLastAttemptedAtEpochMs == 0)
            let required = try await Self.act(reviewer, "require_government_id", ref: "customer-9")
            #expect(required.status == 303)
            #expect(try await client.checkIdentityVerification().requiredVerificationMethod == .governmentID)
            let shown = try await reviewer.request(.GET, try #require(required.location))
            #expect(shown.body.contains("Return to the environment") && shown.body.contains("Done. It is in the audit trail."))

            let trail = try await reviewer.request(.GET, ConsoleRoute.audit.path + "?action=identity-verification.reset")
            #expect(trail.body.contains("Customer called: typo in postcode.") && trail.body.contains("rev@example.com"))
        }
    }

    @Test func aReviewerUnlocksAndUncertifiesACertifiedUser() async throws {
        try await withCertification { harness async throws in
            let client = try await harness.registeredClient("alice")
            #expect(try await client.certifyUserAtLevel1().status == .certified)
            _ = try await client.waitForCertificate()
            try await client.requestAccreditation(level: 2)
            _ = try await harness.approveNewest()
            for _ in 0..<5 {
                let guess = ActivationCode.generate { Int.random(in: 0...9) }.grouped
                _ = await certificationError { try await client.certifyUser(diac: guess) }
            }
            let reviewer = try await ConsoleReviewTests.signedIn(harness.url, harness.app, email: "rev@example.com", role: .reviewer)
            let page = try await Self.userPage(reviewer, "alice")
            #expect(page.body.contains("Locked since") && page.body.contains("Unlock certification") && page.body.contains("Uncertify with Example Bank"))
            #expect(page.body.contains("CERTIFIED") && page.body.contains("level 1, issued"))
            // No registration field (name, e-mail, date of birth) is shown.
            for pii in ["Alice", "alice@example.org", "1990-04-01"] { #expect(!page.body.contains(pii), "\(pii) on the user page") }

            #expect(try await Self.act(reviewer, "unlock", ref: "alice").status == 303)
            let again = try await Self.act(reviewer, "unlock", ref: "alice")
            #expect(again.status == 409 || again.status == 400)
            #expect(try await Self.act(reviewer, "uncertify", ref: "alice", ["entity": "bank"]).status == 400)
            let uncertified = try await Self.act(reviewer, "uncertify", ref: "alice", ["entity": "bank", "confirm": "yes", "note": "Asked by the customer."])
            #expect(uncertified.status == 303)
            try await client.resolving { try await client.refreshDeviceToken() }
            #expect(try await client.currentUser().status == .uncertified)
            let actions = try await AuditEventModel.query(on: harness.app.app.db).filter(\.$action ~~ ["certification.unlock", "certification.uncertify"]).all()
            #expect(Set(actions.map(\.action)) == ["certification.unlock", "certification.uncertify"])
            #expect(actions.allSatisfy { $0.actor.hasPrefix("operator:") })
        }
    }
}
