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
        guard var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false) else {
            throw IdentityVerificationError(code: .invalidInput, message: "the base URL is not valid", field: "baseURL")
        }
        components.percentEncodedPath = components.percentEncodedPath.trimmingSuffix("/") + path
        if !query.isEmpty { components.queryItems = query }
        guard let url = components.url else {
            throw IdentityVerificationError(code: .invalidInput, message: "the request URL is not valid")
        }
        var request = URLRequest(url: url)
        request.httpMethod = method
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        request.setValue("Bearer \(try await tokenProvider())", forHTTPHeaderField: "Authorization")
        if let body {
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = try JSONEncoder().encode(body)
        }
        let (data, response): (Data, URLResponse)
        do {
            (data, response) = try await session.data(for: request)
        } catch {
            throw IdentityVerificationError(code: .networkError, message: "the service could not be reached: \(error.localizedDescription)",
                                            retryable: true)
        }
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
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

extension String {
    func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}
