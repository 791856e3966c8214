import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import VerityAPI

/// Raw HTTP against a live test server, for requests the SDK would never send.
public struct RawHTTP: Sendable {
    public let baseURL: URL
    /// Sent with every request (a certification device's `Verity-Device-ID`).
    public var headers: [String: String] = [:]

    public init(baseURL: URL, headers: [String: String] = [:]) { (self.baseURL, self.headers) = (baseURL, headers) }

    public struct Reply {
        public let status: Int
        public let body: Data
        public let headers: [AnyHashable: Any]

        public var json: [String: Any] { (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:] }
        public var error: ErrorEnvelope.Body? { try? JSONDecoder().decode(ErrorEnvelope.self, from: body).error }
        public func decode<T: Decodable>(_ type: T.Type) throws -> T { try JSONDecoder().decode(type, from: body) }
    }

    public func send(_ method: String, _ path: String, bearer: String? = nil, body: Data? = nil,
              contentType: String? = "application/json") async throws -> Reply {
        var request = URLRequest(url: URL(string: baseURL.absoluteString + path)!)
        request.httpMethod = method
        if let bearer { request.setValue("Bearer \(bearer)", forHTTPHeaderField: "Authorization") }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        if let body {
            request.httpBody = body
            if let contentType { request.setValue(contentType, forHTTPHeaderField: "Content-Type") }
        }
        let (data, response) = try await TestHTTP.data(for: request)
        let http = response as! HTTPURLResponse
        return Reply(status: http.statusCode, body: data, headers: http.allHeaderFields)
    }

    public func send(_ method: String, _ path: String, bearer: String? = nil, json: some Encodable) async throws -> Reply {
        try await send(method, path, bearer: bearer, body: try JSONEncoder().encode(json))
    }

    public func send(_ method: String, _ path: String, bearer: String? = nil, rawJSON: String) async throws -> Reply {
        try await send(method, path, bearer: bearer, body: Data(rawJSON.utf8))
    }
}
