import ArgumentParser
import AsyncHTTPClient
import Dispatch
import Foundation
import NIOCore
import NIOHTTP1
import VerityAPI
import VerityConsole

/// The console's pages under a large history: an operator signs in as a
/// browser does, then opens the review queue and the overview in turn, one
/// request at a time (a person's pace, so each time is the page's own), and
/// each page's p50 and p95 are printed.
struct ConsoleBenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "console",
                                                    abstract: "Review queue and overview page times for a signed-in operator.")

    @Option(help: "Verity base URL.") var baseURL: String
    @Option(help: "The operator's e-mail address.") var email: String
    @Option(help: "The operator's password.") var password: String
    @Option(help: "Environment the overview shows (test or live).") var environment: String = "test"
    @Option(help: "Requests per page.") var requests: Int = 200
    @Option(help: "Label printed with the results.") var label: String = "verity"

    func run() async throws {
        let http = HTTPClient(eventLoopGroupProvider: .singleton, configuration: .init(redirectConfiguration: .disallow))
        do {
            try await measure(http)
            try await http.shutdown()
        } catch {
            try? await http.shutdown()
            throw error
        }
    }

    func measure(_ http: HTTPClient) async throws {
        var cookies: [String: String] = [:]
        func get(_ path: String) async throws -> (Int, String) {
            try await send(http, .GET, path, cookies: &cookies, form: nil)
        }
        let (_, signInPage) = try await get(ConsoleRoute.signIn.path)
        guard let range = signInPage.range(of: #"name="csrf" value="([^"]+)""#, options: .regularExpression) else {
            throw BenchClient.Failure(description: "no CSRF token on the sign-in page")
        }
        let token = String(signInPage[range].dropFirst(#"name="csrf" value=""#.count).dropLast())
        let (status, _) = try await send(http, .POST, ConsoleRoute.signIn.path, cookies: &cookies,
                                         form: ["csrf": token, "email": email, "password": password, "code": ""])
        guard status == 303 else { throw BenchClient.Failure(description: "sign-in answered \(status)") }

        let pages = [("queue", ConsoleRoute.queue.path), ("overview", ConsoleRoute.overview.path + "?environment=\(environment)")]
        for (_, path) in pages { for _ in 0..<5 { _ = try await get(path) } }   // warm the caches and the pool
        var stats = pages.map { _ in LatencyStats() }
        for _ in 0..<requests {
            for (index, page) in pages.enumerated() {
                let started = DispatchTime.now().uptimeNanoseconds
                let (status, body) = try await get(page.1)
                stats[index].add(milliseconds(since: started))
                guard status == 200, body.contains("<h1") else { throw BenchClient.Failure(description: "\(page.0) answered \(status)") }
            }
        }
        for (index, page) in pages.enumerated() {
            print(String(format: "%@ console %@: n=%d p50=%.1f p95=%.1f ms", label, page.0, stats[index].samples.count,
                         stats[index].percentile(50), stats[index].percentile(95)))
        }
    }

    private func send(_ http: HTTPClient, _ method: HTTPMethod, _ path: String, cookies: inout [String: String],
                      form: [String: String]?) async throws -> (Int, String) {
        var request = HTTPClientRequest(url: baseURL + path)
        request.method = method
        if !cookies.isEmpty { request.headers.add(name: "Cookie", value: cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")) }
        if let form {
            let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~"))
            let body = form.map { "\($0.key)=\($0.value.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")" }.joined(separator: "&")
            request.headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
            request.body = .bytes(ByteBuffer(string: body))
        }
        let response = try await http.execute(request, timeout: .seconds(60))
        let bytes = try await response.body.collect(upTo: 8 << 20)
        for line in response.headers[canonicalForm: "set-cookie"] {
            let pair = line.split(separator: ";")[0].split(separator: "=", maxSplits: 1).map(String.init)
            if pair.count == 2 { cookies[pair[0]] = pair[1].isEmpty ? nil : pair[1] }
        }
        return (Int(response.status.code), String(buffer: bytes))
    }
}
