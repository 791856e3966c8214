import AsyncHTTPClient
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import NIOCore
import NIOHTTP1

/// Plain HTTP calls from tests to a test server, shaped like `URLSession`'s.
///
/// Not `URLSession` itself: on Linux it keeps a core busy for as long as it
/// waits for an answer (see the SDK's `HTTPExchange`), and the tests run
/// every server in their own process, on two cores: a few dozen requests
/// waiting at once starved the servers answering them into timeouts.
public enum TestHTTP {
    /// A browser-like client (redirects followed). Every request may take
    /// `TestDeadlines.request`, connecting included: a request waiting for
    /// one of its 8 connections to a busy server counts against the connect
    /// timeout. The 8 stay: sixty calls at once reach a server eight at a
    /// time, as a browser's would.
    static let client: HTTPClient = {
        var configuration = HTTPClient.Configuration.singletonConfiguration
        configuration.timeout = .init(connect: TestDeadlines.requestTimeAmount, read: nil)
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }()

    /// Sends `request` (redirects followed, as URLSession does); its bytes and
    /// response. The request's own `timeoutInterval` is not used: a test's
    /// client waits `TestDeadlines.request`, like every other in the tests.
    public static func data(for request: URLRequest) async throws -> (Data, URLResponse) {
        guard let url = request.url else { throw URLError(.badURL) }
        var outgoing = HTTPClientRequest(url: url.absoluteString)
        outgoing.method = HTTPMethod(rawValue: request.httpMethod ?? "GET")
        for (name, value) in request.allHTTPHeaderFields ?? [:] { outgoing.headers.replaceOrAdd(name: name, value: value) }
        if let body = request.httpBody { outgoing.body = .bytes(ByteBuffer(bytes: body)) }
        let response = try await client.execute(outgoing, timeout: TestDeadlines.requestTimeAmount)
        let bytes = try await response.body.collect(upTo: 256 * 1024 * 1024)
        var fields: [String: String] = [:]
        for (name, value) in response.headers { fields[name] = fields[name].map { "\($0), \(value)" } ?? value }
        guard let answer = HTTPURLResponse(url: url, statusCode: Int(response.status.code), httpVersion: "HTTP/1.1", headerFields: fields) else {
            throw URLError(.badServerResponse)
        }
        return (Data(bytes.readableBytesView), answer)
    }

    /// `GET url`.
    public static func data(from url: URL) async throws -> (Data, URLResponse) {
        try await data(for: URLRequest(url: url))
    }

    /// `GET base + path` with a bearer credential: the status and the answer decoded (nil if it is not a `T`).
    public static func get<T: Decodable>(_ base: URL, _ path: String, bearer: String, as type: T.Type) async throws -> (Int, T?) {
        var request = URLRequest(url: URL(string: base.absoluteString + path)!)
        request.setValue("Bearer \(bearer)", forHTTPHeaderField: "Authorization")
        let (data, response) = try await Self.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, try? JSONDecoder().decode(T.self, from: data))
    }
}
