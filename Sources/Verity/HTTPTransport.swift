import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import VerityAPI

/// Sends JSON requests with a bearer token and maps error envelopes to
/// ``IdentityVerificationError``.
struct HTTPTransport: Sendable {
    let baseURL: URL
    let session: URLSession
    let tokenProvider: @Sendable () async throws -> String

    func send<Response: Decodable>(_ method: String, _ path: String, query: [URLQueryItem] = [],
                                   body: (some Encodable)? = Optional<Empty>.none,
                                   as type: Response.Type = Response.self) async throws -> Response {
        let (data, status): (Data, Int)
        do {
            (data, status) = try await RawHTTP.exchange(
                baseURL: baseURL, session: session, method: method, path: path, query: query,
                body: try body.map { try JSONEncoder().encode($0) }, bearer: try await tokenProvider())
        } catch let failure as RawHTTP.Failure {
            switch failure {
            case .badURL: throw IdentityVerificationError(code: .invalidInput, message: "the base URL is not valid", field: "baseURL")
            case .unreachable(let reason):
                throw IdentityVerificationError(code: .networkError, message: "the service could not be reached: \(reason)", retryable: true)
            }
        }
        guard (200..<300).contains(status) else { throw Self.error(from: data, status: status) }
        do {
            return try JSONDecoder().decode(Response.self, from: data)
        } catch {
            throw IdentityVerificationError(code: .invalidResponse, message: "the service's answer could not be read",
                                            httpStatus: status)
        }
    }

    static func error(from data: Data, status: Int) -> IdentityVerificationError {
        guard let envelope = try? JSONDecoder().decode(ErrorEnvelope.self, from: data) else {
            return IdentityVerificationError(code: status >= 500 ? .serviceUnavailable : .invalidResponse,
                                             message: "the service answered HTTP \(status)", retryable: status >= 500,
                                             httpStatus: status)
        }
        let body = envelope.error
        return IdentityVerificationError(code: .init(rawValue: body.code), message: body.message, field: body.field,
                                         retryable: body.retryable, httpStatus: status)
    }

    struct Empty: Codable {}
}

/// One HTTP exchange with a JSON body and a bearer token, shared by the clients;
/// each maps statuses and envelopes to its own error type.
enum RawHTTP {
    enum Failure: Error {
        case badURL
        case unreachable(String)
    }

    static func exchange(baseURL: URL, session: URLSession, method: String, path: String, query: [URLQueryItem] = [],
                         body: Data?, bearer: String, headers: [String: String] = [:]) async throws -> (Data, Int) {
        var headers = headers
        headers["Authorization"] = "Bearer \(bearer)"
        let (data, response) = try await exchange(baseURL: baseURL, session: session, method: method, path: path, query: query,
                                                  body: body, headers: headers)
        return (data, response?.statusCode ?? 0)
    }

    /// The exchange with the whole response (its headers: `Retry-After`, …); the
    /// caller sets the credential header.
    static func exchange(baseURL: URL, session: URLSession, method: String, path: String, query: [URLQueryItem] = [],
                         body: Data?, headers: [String: String]) async throws -> (Data, HTTPURLResponse?) {
        guard var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false) else { throw Failure.badURL }
        components.percentEncodedPath = components.percentEncodedPath.trimmingSuffix("/") + path
        if !query.isEmpty { components.queryItems = query }
        guard let url = components.url else { throw Failure.badURL }
        var request = URLRequest(url: url)
        request.httpMethod = method
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        if let body {
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = body
        }
        do {
            let (data, response) = try await session.data(for: request)
            return (data, response as? HTTPURLResponse)
        } catch {
            throw Failure.unreachable(error.localizedDescription)
        }
    }
}

extension String {
    func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}
