import Foundation
import Testing
import VerityAPI
@testable import VerityCore
import VerityTestSupport
@testable import VerityConsole

/// The console's audit trail over HTTP: what operators, keys and the CLI did
/// in this tenant and no other, named as people read them, narrowed by
/// action, who, user and dates, a page at a time; bad filters say which.
@Suite("Console audit trail")
struct ConsoleAuditTests {
    typealias Browser = ConsoleSignInTests.Browser

    static func rows(_ html: String) -> [String] {
        html.components(separatedBy: "<tr><td class=\"time\">").dropFirst().map { String($0.prefix { $0 != "\n" }) }
    }

    @Test func anOperatorReadsTheirTenantsTrailNarrowedAndPaged() async throws {
        try await withVerityApp { app async throws in
            let url = try await app.startServer()
            let viewer = try await app.operations.operators.createOperator(tenant: "acme", email: "auditor@example.com", role: .viewer, password: nil,
                                                                 secondFactor: false)
            // Another tenant's events never show.
            _ = try await app.operations.tenants.createKey(tenant: "globex", environment: .live)
            _ = try await app.operations.operators.createOperator(tenant: "globex", email: "other@example.com", role: .admin, password: nil, secondFactor: false)
            // A backend resets a user with its key: the trail names the user by the integrator's reference.
            let backend = WebhookAdmin(url: url, secretKey: app.secretKey)
            _ = try await backend.call("POST", AdminRoute.userToken(userRef: "customer-77").path, as: UserToken.self)
            let (_, status, _) = try await backend.call("POST", AdminRoute.resetVerification(userRef: "customer-77").path, as: VerifiedIdentity.self)
            #expect(status == 200)

            let browser = Browser(url)
            #expect(try await browser.request(.GET, ConsoleRoute.audit.path).status == 303, "signed out: sent to sign in")
            _ = try await browser.signIn(email: "auditor@example.com", password: viewer.password)
            let page = try await browser.request(.GET, ConsoleRoute.audit.path)
            #expect(page.status == 200)
            let rows = Self.rows(page.body)
            #expect(rows.contains { $0.contains("console.sign_in") && $0.contains("auditor@example.com") })
            #expect(rows.contains { $0.contains("identity-verification.reset") && $0.contains("customer-77") && $0.contains("<td>test</td>")
                && $0.contains("API key vk_test_") })
            #expect(rows.contains { $0.contains("operator.create") && $0.contains("verity CLI") })
            #expect(!page.body.contains("other@example.com"), "another tenant's operator")

            // Narrowed: by action, by user (by the reference as the backend knows it), by dates.
            let byAction = Self.rows(try await browser.request(.GET, ConsoleRoute.audit.path + "?action=console.sign_in").body)
            #expect(!byAction.isEmpty && byAction.allSatisfy { $0.contains("console.sign_in") })
            let byUser = Self.rows(try await browser.request(.GET, ConsoleRoute.audit.path + "?user=customer-77").body)
            #expect(byUser.count == 1 && byUser[0].contains("identity-verification.reset"))
            #expect(Self.rows(try await browser.request(.GET, ConsoleRoute.audit.path + "?user=nobody-here").body).isEmpty)
            let today = ConsolePageDay.utc(app.clock.now)
            #expect(Self.rows(try await browser.request(.GET, ConsoleRoute.audit.path + "?from=\(today)&to=\(today)").body).count == rows.count)
            #expect(Self.rows(try await browser.request(.GET, ConsoleRoute.audit.path + "?to=2001-01-01").body).isEmpty)

            // Bad filters: a clear message naming the field, no trail.
            for (query, says) in [("from=yesterday", "From"), ("to=2026-02-30", "To"), ("after=12_x", "does not exist"),
                                  ("user=" + String(repeating: "u", count: 200), "128")] {
                let bad = try await browser.request(.GET, ConsoleRoute.audit.path + "?" + query)
                #expect(bad.status == 400 && bad.body.contains("role=\"alert\"") && bad.body.contains(says), "\(query)")
            }
            // Markup in a filter comes back as text.
            let hostile = try await browser.request(.GET, ConsoleRoute.audit.path + "?user=%3Cscript%3Ex%3C/script%3E")
            #expect(hostile.status == 200 && !hostile.body.contains("<script>x") && hostile.body.contains("&lt;script&gt;"))
        }
    }

    @Test func aLongTrailIsReadAPageAtATimeWithNothingTwice() async throws {
        try await withVerityApp { app async throws in
            let url = try await app.startServer()
            let admin = try await app.operations.operators.createOperator(tenant: "acme", email: "pages@example.com", role: .admin, password: nil,
                                                                secondFactor: false)
            // 60 events in the same millisecond (the clock is frozen): the page boundary falls inside them.
            for _ in 0..<60 { _ = try await app.operations.operators.setOperatorActive(tenant: "acme", id: admin.operator.id.uuidString, active: true) }
            let browser = Browser(url)
            _ = try await browser.signIn(email: "pages@example.com", password: admin.password)
            var seen: [String] = [], next: String? = ConsoleRoute.audit.path + "?action=operator.enable"
            while let path = next {
                let page = try await browser.request(.GET, path)
                #expect(page.status == 200)
                seen += Self.rows(page.body)
                next = page.body.range(of: #"<p class="pager"><a href="([^"]+)""#, options: .regularExpression).map {
                    String(page.body[$0].dropFirst(#"<p class="pager"><a href=""#.count).dropLast()).replacingOccurrences(of: "&amp;", with: "&")
                }
            }
            #expect(seen.count == 60)
        }
    }
}

/// `YYYY-MM-DD` of an epoch-ms time in UTC, as the audit page's filters take it.
enum ConsolePageDay {
    static func utc(_ epochMilliseconds: Int64) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: Date(timeIntervalSince1970: Double(epochMilliseconds) / 1000))
    }
}
