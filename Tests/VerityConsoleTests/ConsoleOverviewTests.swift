import Foundation
import Testing
import Verity
import VerityAPI
@testable import VerityCore
import VerityTestSupport
@testable import VerityKernel
@testable import VerityConsole

/// The overview over HTTP: the environment's last 14 days counted from what
/// happened through the API, drawn as SVG with its numbers beside it.
@Suite("Console overview over HTTP")
struct ConsoleOverviewTests {
    @Test func theOverviewCountsWhatHappenedInItsEnvironmentOnly() async throws {
        try await withLiveClient(userRef: "passes") { client, app, url async throws in
            // A check the engines pass, one held for a reviewer and approved, and a PII attempt that did not match.
            try await client.consent()
            _ = try await client.verifyIdentity(input: IdentityDocuments.johnWithTypo)
            let passed = try await client.verifyIdentityDocumentToEnd(input: try IdentityDocuments.passport("john-smith-passport"))
            try #require(passed.documentVerificationStatus == .succeeded)
            try await ConsoleReviewTests.holdNearMatches(app)
            let held = IdentityVerificationClient(baseURL: url, token: try await app.token(for: "held"), requestTimeout: TestDeadlines.requestTimeout)
            try #require(try await ConsoleReviewTests.submitHeld(held).documentCheck?.status == "review")
            let reviewer = try await ConsoleReviewTests.signedIn(url, app, email: "rev@example.com", role: .viewer)

            let page = try await reviewer.request(.GET, ConsoleRoute.overview.path + "?environment=test")
            #expect(page.status == 200)
            #expect(page.body.contains("<svg class=\"chart\"") && page.body.contains("role=\"img\" aria-label=\"Document checks per day, by outcome\""))
            // Today's row of the checks' numbers: one succeeded, one waiting.
            let today = ConsolePage.dayLabel(app.clock.now / 86_400_000)
            #expect(page.body.contains("<tr><td>\(today)</td><td>1</td><td>1</td></tr>"), "today's checks")
            #expect(page.body.contains("Passport · US") && page.body.contains("100% (1/1)"))
            #expect(page.body.contains("Not matched (2)"))
            #expect(!page.body.contains("style="))
            // The live environment saw none of it.
            let live = try await reviewer.request(.GET, ConsoleRoute.overview.path + "?environment=live")
            #expect(live.status == 200 && !live.body.contains("<svg class=\"chart\"") && live.body.contains("None yet."))
            // Unnamed (or unknown), the overview is live's, unless live has had nothing and test has: test's, here.
            let unnamed = try await reviewer.request(.GET, ConsoleRoute.overview.path)
            #expect(unnamed.status == 200 && unnamed.body.contains("Passport · US"))
            let unknown = try await reviewer.request(.GET, ConsoleRoute.overview.path + "?environment=%3Cx%3E")
            #expect(unknown.status == 200 && unknown.body.contains("Passport · US"))
            // Another tenant's admin sees none of it in their own test environment.
            _ = try await app.operations.tenants.createKey(tenant: "globex", environment: .test)
            let stranger = try await ConsoleReviewTests.signedIn(url, app, email: "stranger@example.com", role: .admin, tenant: "globex")
            let theirs = try await stranger.request(.GET, ConsoleRoute.overview.path + "?environment=test")
            #expect(theirs.status == 200 && !theirs.body.contains("<svg class=\"chart\"") && !theirs.body.contains("Passport · US"))
        }
    }
}
