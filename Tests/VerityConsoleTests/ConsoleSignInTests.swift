import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import Testing
import VerityAPI
@testable import VerityCore
import VerityTestSupport
@testable import VerityConsole

/// Signing in to the console over HTTP, as a browser's requests arrive:
/// cookies and their attributes, CSRF on every form, the lock, sign-out
/// everywhere, and bad input that changes nothing. (The browser itself drives
/// the pages in `ConsolePagesBrowserTests`.)
@Suite("Console sign-in over HTTP")
struct ConsoleSignInTests {
    /// A browser's side: cookies kept per name, redirects not followed.
    final class Browser: @unchecked Sendable {
        let base: URL
        var cookies: [String: String] = [:]
        /// Redirects not followed; `TestDeadlines.request` for each request, connecting included (as `TestHTTP`):
        /// a request waiting for one of the pool's connections to a loaded server counts against the connect
        /// timeout, and the default 10 s failed console tests on a loaded run.
        static let client: HTTPClient = {
            var configuration = HTTPClient.Configuration(redirectConfiguration: .disallow)
            configuration.timeout = .init(connect: TestDeadlines.requestTimeAmount, read: nil)
            return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        }()

        init(_ base: URL) { self.base = base }

        struct Answer {
            let status: Int
            let headers: HTTPHeaders
            let body: String
            var setCookies: [String] { headers[canonicalForm: "set-cookie"].map(String.init) }
            var location: String? { headers.first(name: "location") }
        }

        func request(_ method: HTTPMethod, _ path: String, form: [String: String]? = nil, rawBody: String? = nil,
                     contentType: String = "application/x-www-form-urlencoded") async throws -> Answer {
            var request = HTTPClientRequest(url: base.absoluteString + path)
            request.method = method
            if !cookies.isEmpty { request.headers.add(name: "Cookie", value: cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")) }
            if let body = rawBody ?? form.map(Self.encode) {
                request.headers.add(name: "Content-Type", value: contentType)
                request.body = .bytes(ByteBuffer(string: body))
            }
            let response = try await Self.client.execute(request, timeout: TestDeadlines.requestTimeAmount)
            let bytes = try await response.body.collect(upTo: 4 * 1024 * 1024)
            let answer = Answer(status: Int(response.status.code), headers: response.headers, body: String(buffer: bytes))
            for line in answer.setCookies {
                let pair = line.split(separator: ";")[0].split(separator: "=", maxSplits: 1).map(String.init)
                let expired = line.lowercased().contains("max-age=0")
                if expired || pair.count < 2 || pair[1].isEmpty { cookies[pair[0]] = nil } else { cookies[pair[0]] = pair[1] }
            }
            return answer
        }

        static func encode(_ form: [String: String]) -> String {
            let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~"))
            return form.map { "\($0.key)=\($0.value.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")" }.joined(separator: "&")
        }

        /// The CSRF token of the form in `html`.
        static func csrf(in html: String) -> String? {
            guard let range = html.range(of: #"name="csrf" value="([^"]+)""#, options: .regularExpression) else { return nil }
            return String(html[range].dropFirst(#"name="csrf" value=""#.count).dropLast())
        }

        /// Opens the sign-in page and sends the form with its token.
        func signIn(email: String, password: String, code: String = "") async throws -> Answer {
            let page = try await request(.GET, ConsoleRoute.signIn.path)
            let token = try #require(Self.csrf(in: page.body))
            return try await request(.POST, ConsoleRoute.signIn.path, form: ["csrf": token, "email": email, "password": password, "code": code])
        }
    }

    @Test func anOperatorSignsInWithCookiesAPageCannotReadAndSignsOutEverywhere() async throws {
        try await withVerityApp { app async throws in
            let url = try await app.startServer()
            let created = try await app.operations.operators.createOperator(tenant: "acme", email: "rev@example.com", role: .reviewer, password: nil,
                                                                  secondFactor: false)
            let browser = Browser(url)
            // Not signed in: the console sends the browser to the sign-in page.
            let first = try await browser.request(.GET, ConsoleRoute.home.path)
            #expect(first.status == 303 && first.location?.hasPrefix(ConsoleRoute.signIn.path) == true)

            let page = try await browser.request(.GET, ConsoleRoute.signIn.path)
            #expect(page.status == 200 && page.body.contains("<form method=\"post\""))
            let csp = page.headers.first(name: "content-security-policy") ?? ""
            #expect(csp.contains("script-src 'self'") && csp.contains("form-action 'self'") && csp.contains("frame-ancestors 'none'")
                    && !csp.contains("unsafe-inline"))
            #expect(page.headers.first(name: "cache-control") == "no-store")

            let signedIn = try await browser.signIn(email: "rev@example.com", password: created.password)
            // A sign-in lands on the overview, what an operator opens the console for.
            #expect(signedIn.status == 303 && signedIn.location?.hasPrefix(ConsoleRoute.overview.path) == true, "\(signedIn.location ?? "-")")
            let sessionCookie = try #require(signedIn.setCookies.first { $0.hasPrefix("verity_console=") })
            for attribute in ["HttpOnly", "SameSite=Strict", "Path=/console"] { #expect(sessionCookie.contains(attribute), "\(attribute)") }
            #expect(!sessionCookie.contains("Secure"), "served over plain http here: a Secure cookie would never come back")

            let home = try await browser.request(.GET, ConsoleRoute.home.path)
            #expect(home.status == 200 && home.body.contains("rev@example.com") && home.body.contains("acme"))
            #expect(!home.body.contains(created.password))

            // A second device; then "sign out on every device" from the first ends both.
            let other = Browser(url)
            _ = try await other.signIn(email: "rev@example.com", password: created.password)
            #expect(try await other.request(.GET, ConsoleRoute.home.path).status == 200)
            let token = try #require(Browser.csrf(in: home.body))
            let out = try await browser.request(.POST, ConsoleRoute.signOut.path, form: ["csrf": token, "scope": "everywhere"])
            #expect(out.status == 303 && out.location?.contains("signed_out=everywhere") == true)
            #expect(try await other.request(.GET, ConsoleRoute.home.path).status == 303)
            #expect(try await browser.request(.GET, ConsoleRoute.home.path).status == 303)
        }
    }

    @Test func formsWithoutTheirTokenOrWithBadFieldsChangeNothing() async throws {
        try await withVerityApp { app async throws in
            let url = try await app.startServer()
            let created = try await app.operations.operators.createOperator(tenant: "acme", email: "ops@example.com", role: .admin, password: nil,
                                                                  secondFactor: false)
            let browser = Browser(url)
            let page = try await browser.request(.GET, ConsoleRoute.signIn.path)
            let token = try #require(Browser.csrf(in: page.body))

            // No token, another token, or a token without its cookie: refused before the password is looked at.
            for form in [["email": "ops@example.com", "password": created.password],
                         ["csrf": "not-the-token", "email": "ops@example.com", "password": created.password]] {
                let refused = try await browser.request(.POST, ConsoleRoute.signIn.path, form: form)
                #expect(refused.status == 403 && refused.body.contains("role=\"alert\"") && refused.setCookies.allSatisfy { !$0.hasPrefix("verity_console=") })
            }
            let cookieless = Browser(url)
            #expect(try await cookieless.request(.POST, ConsoleRoute.signIn.path,
                                                 form: ["csrf": token, "email": "ops@example.com", "password": created.password]).status == 403)

            // Empty, too long, the wrong shape: a clear message, no session, no lock.
            let fresh = { try Browser.csrf(in: try await browser.request(.GET, ConsoleRoute.signIn.path).body) ?? "" }
            #expect(try await browser.request(.POST, ConsoleRoute.signIn.path, form: ["csrf": try await fresh(), "email": "", "password": ""]).status == 400)
            let long = try await browser.request(.POST, ConsoleRoute.signIn.path,
                                                 form: ["csrf": try await fresh(), "email": "ops@example.com", "password": String(repeating: "p", count: 500)])
            #expect(long.status == 400 && long.body.contains("longer than"))
            let json = try await browser.request(.POST, ConsoleRoute.signIn.path, rawBody: #"{"email":"ops@example.com"}"#, contentType: "application/json")
            #expect(json.status == 403)
            let huge = try await browser.request(.POST, ConsoleRoute.signIn.path, rawBody: String(repeating: "a", count: 100_000))
            #expect(huge.status == 413)
            // A script in the address typed comes back as text, never markup.
            let script = try await browser.request(.POST, ConsoleRoute.signIn.path,
                                                   form: ["csrf": try await fresh(), "email": "<script>alert(1)</script>@x.com", "password": "whatever-long"])
            #expect(script.status == 401 && !script.body.contains("<script>alert(1)") && script.body.contains("&lt;script&gt;"))

            // None of that locked the account: the right password still works.
            #expect(try await browser.signIn(email: "ops@example.com", password: created.password).status == 303)

            // Signed in, a sign-out without this session's token is refused and the session lives on.
            let home = try await browser.request(.GET, ConsoleRoute.home.path)
            let forged = try await browser.request(.POST, ConsoleRoute.signOut.path, form: ["csrf": token, "scope": "everywhere"])
            #expect(forged.status == 403 && forged.body.contains("This form had expired") && forged.body.contains("<h1"))
            #expect(try await browser.request(.GET, ConsoleRoute.home.path).status == 200)
            #expect(Browser.csrf(in: home.body) != nil)
        }
    }

    /// Five wrong passwords from a stranger's browser: every answer is the
    /// same "not right" (nothing says the account exists or waits), the
    /// right password from an unknown browser waits, and the operator's own
    /// browser, which signed in before, is never kept out (issue 47, finding 12).
    @Test func wrongPasswordsFromAStrangerNeverKeepTheOperatorOut() async throws {
        try await withVerityApp { app async throws in
            let url = try await app.startServer()
            let created = try await app.operations.operators.createOperator(tenant: "acme", email: "lock@example.com", role: .viewer, password: nil,
                                                                  secondFactor: false)
            let operatorsBrowser = Browser(url)
            #expect(try await operatorsBrowser.signIn(email: "lock@example.com", password: created.password).status == 303)
            #expect(operatorsBrowser.cookies["verity_console_device"] != nil, "no device cookie after a sign-in")
            operatorsBrowser.cookies["verity_console"] = nil   // the session ends; the device cookie stays

            let stranger = Browser(url)
            for _ in 1...6 {
                let wrong = try await stranger.signIn(email: "lock@example.com", password: "not the password")
                #expect(wrong.status == 401 && wrong.body.contains("not right") && !wrong.body.contains("locked"))
            }
            let waits = try await stranger.signIn(email: "lock@example.com", password: created.password)
            #expect(waits.status == 401 && waits.body.contains("not right"), "an unknown browser got in while the account waits")
            #expect(try await operatorsBrowser.signIn(email: "lock@example.com", password: created.password).status == 303,
                    "the operator's own browser was kept out")
            // In Arabic too, right to left.
            let arabic = try await stranger.request(.GET, ConsoleRoute.signIn.path + "?lang=ar")
            #expect(arabic.body.contains("dir=\"rtl\"") && arabic.body.contains("lang=\"ar\""))
        }
    }
}
