import AsyncHTTPClient
import Foundation
import NIOCore
import VerityAPI
import VerityConsole

/// A reviewer in the console, as a person uses it: signs in with the form,
/// opens the queue, claims a case and decides it, each form sent with the
/// page's own CSRF token and the session's cookies. Redirects are not
/// followed: each answer is read as the browser would be sent on.
final class DemoReviewer: @unchecked Sendable {
    private let base: String
    private var cookies: [String: String] = [:]
    private static let client = HTTPClient(eventLoopGroupProvider: .singleton,
                                           configuration: HTTPClient.Configuration(redirectConfiguration: .disallow))

    struct Refused: Error, CustomStringConvertible {
        let what: String
        let status: Int
        var description: String { "the console answered \(status) to \(what)" }
    }

    init(base: URL) { self.base = base.absoluteString }

    func signIn(email: String, password: String) async throws {
        let page = try await request("GET", ConsoleRoute.signIn.path)
        let answer = try await request("POST", ConsoleRoute.signIn.path,
                                       form: ["csrf": Self.csrf(in: page.body), "email": email, "password": password, "code": ""])
        guard answer.status == 303 else { throw Refused(what: "signing in", status: answer.status) }
    }

    /// The ids of the open cases the queue lists, oldest first.
    func queue() async throws -> [String] {
        let page = try await request("GET", ConsoleRoute.queue.path)
        let pattern = try NSRegularExpression(pattern: #"href="/console/cases/([0-9A-Fa-f-]{36})\?"#)
        let ids = pattern.matches(in: page.body, range: NSRange(page.body.startIndex..., in: page.body)).compactMap {
            Range($0.range(at: 1), in: page.body).map { String(page.body[$0]) }
        }
        return ids.reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
    }

    /// Claims the case, then sends the decision with its reason and a note.
    func decide(_ caseID: String, decision: String, reason: String, note: String) async throws {
        for (route, fields) in [(ConsoleCaseRoute.claim(id: caseID), [:]),
                                (.decision(id: caseID), ["decision": decision, "reason": reason, "note": note])] {
            let page = try await request("GET", ConsoleCaseRoute.show(id: caseID).path)
            let answer = try await request("POST", route.path, form: fields.merging(["csrf": Self.csrf(in: page.body)]) { mine, _ in mine })
            guard answer.status == 303 else { throw Refused(what: route.path, status: answer.status) }
        }
    }

    private struct Answer {
        let status: Int
        let body: String
    }

    private func request(_ method: String, _ path: String, form: [String: String]? = nil) async throws -> Answer {
        var request = HTTPClientRequest(url: base + path)
        request.method = .init(rawValue: method)
        if !cookies.isEmpty { request.headers.add(name: "Cookie", value: cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")) }
        if let form {
            let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~"))
            let body = form.map { "\($0.key)=\($0.value.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")" }.joined(separator: "&")
            request.headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
            request.body = .bytes(ByteBuffer(string: body))
        }
        let response = try await Self.client.execute(request, timeout: .seconds(60))
        let body = String(buffer: try await response.body.collect(upTo: 8 * 1024 * 1024))
        for line in response.headers["set-cookie"] {
            let pair = line.split(separator: ";")[0].split(separator: "=", maxSplits: 1).map(String.init)
            guard let name = pair.first else { continue }
            cookies[name] = pair.count < 2 || pair[1].isEmpty || line.lowercased().contains("max-age=0") ? nil : pair[1]
        }
        return Answer(status: Int(response.status.code), body: body)
    }

    private static func csrf(in html: String) -> String {
        guard let range = html.range(of: #"name="csrf" value="([^"]+)""#, options: .regularExpression) else { return "" }
        return String(html[range].dropFirst(#"name="csrf" value=""#.count).dropLast())
    }
}
