import AsyncHTTPClient
import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import VerityAPI

/// JSON over AsyncHTTPClient against one Verity server, or several on one
/// database taken in turn (as a load balancer would spread the requests).
struct BenchClient: Sendable {
    let http: HTTPClient
    let baseURLs: [String]
    private let turns = NIOLockedValueBox(0)

    init(http: HTTPClient, baseURL: String) { self.init(http: http, baseURLs: [baseURL]) }

    init(http: HTTPClient, baseURLs: [String]) {
        precondition(!baseURLs.isEmpty, "at least one server")
        self.http = http
        self.baseURLs = baseURLs
    }

    /// The server the next request goes to.
    var baseURL: String {
        baseURLs[turns.withLockedValue { turn in defer { turn += 1 }; return turn % baseURLs.count }]
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    func send<Body: Encodable, Reply: Decodable>(_ method: HTTPMethod, _ path: String, bearer: String,
                                                 body: Body?, as: Reply.Type) async throws -> Reply {
        try await send(method, path, bearer: bearer, encoded: try body.map { ByteBuffer(bytes: Array(try JSONEncoder().encode($0))) },
                       as: Reply.self)
    }

    /// `send` with a body already encoded: the load's requests repeat one body,
    /// and the load generator shares the server's two cores, so what it spends
    /// is taken from the server.
    func send<Reply: Decodable>(_ method: HTTPMethod, _ path: String, bearer: String,
                                encoded body: ByteBuffer?, as: Reply.Type) async throws -> Reply {
        var request = HTTPClientRequest(url: baseURL + path)
        request.method = method
        request.headers.add(name: "Authorization", value: "Bearer \(bearer)")
        if let body {
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(body)
        }
        let response = try await OverloadRetry.execute(http, request, timeout: .seconds(30))
        let bytes = try await response.body.collect(upTo: 1 << 20)
        guard (200..<300).contains(response.status.code) else {
            throw Failure(description: "\(method) \(path): HTTP \(response.status.code) \(String(buffer: bytes))")
        }
        return try JSONDecoder().decode(Reply.self, from: Data(bytes.readableBytesView))
    }

    /// A new end user with consent given: its token.
    func preparedUser(_ ref: String, secretKey: String) async throws -> String {
        let token = try await send(.POST, AdminRoute.userToken(userRef: ref).path, bearer: secretKey,
                                   body: UserTokenRequest(ttlSeconds: 3600), as: UserToken.self).token
        let content = try await send(.GET, IdentityRoute.consentContent.path + "?preferredLocale=en-US&preferredContentType=text/plain",
                                     bearer: token, body: Optional<UserTokenRequest>.none,
                                     as: IdentityDataProcessingConsentContent.self)
        _ = try await send(.POST, IdentityRoute.consent.path, bearer: token,
                           body: IdentityDataProcessingConsentInput(content: content.content, contentType: content.contentType,
                                                                    locale: content.locale),
                           as: IdentityDataProcessingConsentStatus.self)
        return token
    }

    /// One verification of the specification's example person; true when verified.
    func verify(token: String) async throws -> Bool {
        try await send(.POST, IdentityRoute.verify.path, bearer: token, encoded: Self.johnSmithJSON, as: VerifiedIdentity.self).verified
    }

    static let johnSmithJSON = ByteBuffer(bytes: Array(try! JSONEncoder().encode(johnSmith)))

    static let johnSmith = VerifyIdentityInput(
        firstName: "John", lastName: "Smith", address: "222333 Peachtree Place", city: "Atlanta", state: "GA",
        postalCode: "30318", country: "US", dateOfBirth: "1975-02-28")
}

extension BenchClient {
    /// An HTTP client for a load of `concurrency` clients (a connection each,
    /// at least 64), shut down after `body`, whether it threw or not.
    static func withHTTPClient<Result>(concurrency: Int, _ body: (HTTPClient) async throws -> Result) async throws -> Result {
        var configuration = HTTPClient.Configuration()
        configuration.connectionPool = .init(idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: max(concurrency, 64))
        let http = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        do {
            let result = try await body(http)
            try await http.shutdown()
            return result
        } catch {
            try? await http.shutdown()
            throw error
        }
    }
}
