import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(AsyncHTTPClient)
import AsyncHTTPClient
import NIOCore
import NIOHTTP1
#endif

/// How the SDK's requests travel: the `URLSession` a client was given, or
/// when it was given none, the platform's own way.
///
/// On Apple platforms that is `URLSession.shared`. On Linux it is
/// AsyncHTTPClient's shared client: FoundationNetworking's `URLSession`
/// keeps a core busy for as long as it waits for an answer (its libcurl
/// glue leaves the socket's write source armed once the request is sent,
/// so the always-writable socket wakes it without pause: a request the
/// server answers in 3 s costs the caller ~2.4 s of CPU). A backend calling
/// Verity on Linux would pay a core per request in flight.
enum HTTPExchange: Sendable {
    case urlSession(URLSession)
    #if canImport(AsyncHTTPClient)
    case asyncHTTPClient(HTTPClient)
    #endif

    /// The exchange for a client made with `session` (nil: the platform's own).
    static func choosing(_ session: URLSession?) -> HTTPExchange {
        if let session { return .urlSession(session) }
        #if canImport(AsyncHTTPClient)
        return .asyncHTTPClient(sdkClient)
        #else
        return .urlSession(.shared)
        #endif
    }

    #if canImport(AsyncHTTPClient)
    /// AsyncHTTPClient's shared client, but with a connect limit as patient as
    /// a request's own (`timeoutInterval`, which bounds the whole call), as
    /// `URLSession` is: the shared 10 s failed calls to a loaded server that
    /// then answered within their time.
    ///
    /// A refused connection fails the call at once, as `URLSession`'s does:
    /// left to itself AsyncHTTPClient tries to connect again and again until
    /// the request's deadline, so a service that is down took the whole
    /// `requestTimeout` (60 s) to say so, and `onNoConnection` came a minute
    /// late. The SDK's own retries (`ServiceRetries`) try again instead.
    static let sdkClient: HTTPClient = {
        var configuration = HTTPClient.Configuration.singletonConfiguration
        configuration.timeout = .init(connect: .seconds(120), read: nil)
        configuration.connectionPool.retryConnectionEstablishment = false
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }()
    #endif

    /// The most of an answer read: the largest the service sends (an OCR
    /// session's captures) is well under it.
    static let answerLimit = 64 * 1024 * 1024

    /// Sends `request`; its bytes and response. Throws when no answer came
    /// within `request.timeoutInterval`.
    func data(for request: URLRequest) async throws -> (Data, HTTPURLResponse?) {
        switch self {
        case .urlSession(let session):
            let (data, response) = try await session.data(for: request)
            return (data, response as? HTTPURLResponse)
        #if canImport(AsyncHTTPClient)
        case .asyncHTTPClient(let client):
            return try await Self.send(request, with: client)
        #endif
        }
    }

    #if canImport(AsyncHTTPClient)
    private static func send(_ request: URLRequest, with client: HTTPClient) async throws -> (Data, HTTPURLResponse?) {
        guard let url = request.url else { throw URLError(.badURL) }
        var outgoing = HTTPClientRequest(url: url.absoluteString)
        outgoing.method = HTTPMethod(rawValue: request.httpMethod ?? "GET")
        for (name, value) in request.allHTTPHeaderFields ?? [:] { outgoing.headers.replaceOrAdd(name: name, value: value) }
        if let body = request.httpBody { outgoing.body = .bytes(ByteBuffer(bytes: body)) }
        let deadline = TimeAmount.milliseconds(Int64(request.timeoutInterval * 1000))
        let response = try await client.execute(outgoing, timeout: deadline)
        let bytes = try await response.body.collect(upTo: answerLimit)
        // Repeated headers joined as one, the way HTTPURLResponse reads them.
        var fields: [String: String] = [:]
        for (name, value) in response.headers { fields[name] = fields[name].map { "\($0), \(value)" } ?? value }
        let answer = HTTPURLResponse(url: url, statusCode: Int(response.status.code), httpVersion: "HTTP/1.1", headerFields: fields)
        return (Data(bytes.readableBytesView), answer)
    }
    #endif
}
