import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import Vapor
import Verity
import VerityTestSupport
@testable import VerityKernel

/// Every route the server registers is in `docs/security.md`'s table of who
/// may call what (issue 47), and every route that needs a credential
/// refuses a request without one: a new route cannot ship unguarded, or
/// undocumented, by accident.
@Suite("Every route has a declared credential, and refuses a request without it")
struct RouteCredentialsTests {
    struct Rule {
        let pattern: String
        let credential: String
        /// Whether a path (with `:name` and `*` parameters) matches: `**` any rest, `*` one segment.
        func matches(_ path: String) -> Bool {
            let want = pattern.split(separator: "/").map(String.init), have = path.split(separator: "/").map(String.init)
            for (index, part) in want.enumerated() {
                if part == "**" { return true }
                guard index < have.count else { return false }
                if part != "*" && part != have[index] { return false }
            }
            return want.count == have.count
        }
    }

    /// The table under "## Who may call what" in docs/security.md: `| `pattern` | credential | … |`.
    static func rules() throws -> [Rule] {
        let page = try String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/security.md"), encoding: .utf8)
        guard let start = page.range(of: "## Who may call what") else { return [] }
        return page[start.upperBound...].split(separator: "\n").prefix { !$0.hasPrefix("## ") }.compactMap { line in
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 2, cells[0].hasPrefix("`"), cells[0].hasSuffix("`") else { return nil }
            return Rule(pattern: String(cells[0].dropFirst().dropLast()), credential: cells[1])
        }
    }

    @Test func everyRouteIsDeclaredAndRefusedWithoutItsCredential() async throws {
        let rules = try Self.rules()
        #expect(rules.count >= 10, "the table was not found")
        try await withVerityApp(settings: { $0.metricsToken = "a-metrics-token-long-enough" }) { app async throws in
            let url = try await app.startServer()
            var undeclared: [String] = [], open: [String] = [], misdeclared: [String] = [], notFromEndpoints: [String] = []
            var guarded = 0, fromEndpoints = 0
            for route in app.app.routes.all {
                let path = Self.path(of: route, parameter: "*")
                guard let rule = rules.first(where: { $0.matches(path) }) else {
                    undeclared.append("\(route.method.rawValue) \(path)")
                    continue
                }
                // A route registered from a VerityAPI `Endpoint` declares its credential twice: there and in the table.
                let api = ["/v1/", "/admin/v1/", "/api/mobile/v1/"].contains { path.hasPrefix($0) }
                if api && EndpointCredentialKey.of(route) == nil { notFromEndpoints.append("\(route.method.rawValue) \(path)") }
                if let declared = EndpointCredentialKey.of(route) {
                    fromEndpoints += 1
                    if !Self.table(rule.credential, names: declared) {
                        misdeclared.append("\(route.method.rawValue) \(path): endpoint says \(declared.rawValue), table says \(rule.credential)")
                    }
                }
                guard !rule.credential.hasPrefix("none") else { continue }
                guarded += 1
                // Without any credential, with placeholder parameters.
                let concrete = path.replacingOccurrences(of: "**", with: "x").replacingOccurrences(of: "*", with: "placeholder-0000")
                // curl: redirects are answers here, not followed.
                var arguments = ["-s", "-o", "/dev/null", "-w", "%{http_code} %{redirect_url}", "-X", route.method.rawValue]
                if [.POST, .PUT, .PATCH].contains(route.method) { arguments += ["-H", "Content-Type: application/json", "--data", "{}"] }
                let run = try await ChildProcess.run(URL(fileURLWithPath: "/usr/bin/curl"), arguments + [url.absoluteString + concrete])
                let answer = String(decoding: run.output, as: UTF8.self).split(separator: " ", maxSplits: 1).map(String.init)
                let status = Int(answer.first ?? "") ?? 0
                // A console page without a session goes to the sign-in page (followed here); its images answer 404.
                let toSignIn = status == 303 && (answer.last ?? "").contains("/console/sign-in")
                let refused = [401, 403, 410].contains(status) || toSignIn || (status == 404 && rule.credential.contains("404"))
                if !refused {
                    open.append("\(route.method.rawValue) \(concrete) → \(status) (\(rule.credential))")
                }
            }
            #expect(app.app.routes.all.count >= 100 && guarded >= 80, "\(app.app.routes.all.count) routes, \(guarded) guarded")
            #expect(undeclared.isEmpty, "routes with no credential declared in docs/security.md: \(undeclared)")
            #expect(fromEndpoints >= 90 && misdeclared.isEmpty, "\(fromEndpoints) routes from endpoints; \(misdeclared)")
            // Every API route is a VerityAPI `Endpoint`: its verb, path, body and credential declared once.
            #expect(notFromEndpoints.isEmpty, "API routes not registered from an Endpoint: \(notFromEndpoints)")
            #expect(open.isEmpty, "routes that answered without their credential: \(open)")
        }
    }

    /// A registered route's path, each parameter written as `parameter`, a catch-all as `**`.
    static func path(of route: Route, parameter: String) -> String {
        "/" + route.path.map { component -> String in
            switch component {
            case .constant(let text): text
            case .parameter, .anything: parameter
            case .catchall: "**"
            }
        }.joined(separator: "/")
    }

    /// Whether the table's credential cell names the endpoint's credential.
    static func table(_ cell: String, names credential: EndpointCredential) -> Bool {
        switch credential {
        case .none: cell.hasPrefix("none")
        case .userToken: cell.hasPrefix("user token")
        case .secretKey: cell.hasPrefix("secret key")
        case .clientKey: cell.contains("client key")
        case .deviceOrUserToken: cell.contains("device token") && cell.contains("user")
        }
    }
}
