import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import VerityAPI
import VerityTestSupport

/// Raw HTTP against a live test server, for requests the SDK would never send.
struct RawHTTP {
    let baseURL: URL
    /// Sent with every request (a certification device's `Verity-Device-ID`).
    var headers: [String: String] = [:]

    struct Reply {
        let status: Int
        let body: Data
        let headers: [AnyHashable: Any]

        var json: [String: Any] { (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:] }
        var error: ErrorEnvelope.Body? { try? JSONDecoder().decode(ErrorEnvelope.self, from: body).error }
        func decode<T: Decodable>(_ type: T.Type) throws -> T { try JSONDecoder().decode(type, from: body) }
    }

    func send(_ method: String, _ path: String, bearer: String? = nil, body: Data? = nil,
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

    func send(_ method: String, _ path: String, bearer: String? = nil, json: some Encodable) async throws -> Reply {
        try await send(method, path, bearer: bearer, body: try JSONEncoder().encode(json))
    }

    func send(_ method: String, _ path: String, bearer: String? = nil, rawJSON: String) async throws -> Reply {
        try await send(method, path, bearer: bearer, body: Data(rawJSON.utf8))
    }
}
