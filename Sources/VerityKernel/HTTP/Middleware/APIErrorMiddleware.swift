import Vapor
import VerityAPI
import VerityCore
import VerityStore

/// Renders every error as the `{"error": {...}}` envelope with a stable code.
/// Anything the client sent gets a 4xx; only Verity's own faults are 5xx,
/// and those are logged loudly (without request data).
package struct APIErrorMiddleware: AsyncMiddleware {
    package func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        do {
            return try await next.respond(to: request)
        } catch {
            let verityError = Self.verityError(for: error)
            if verityError.httpStatus >= 500 {
                request.logger.error("request failed", metadata: [
                    "error_type": "\(String(reflecting: type(of: error)))",
                    "error": "\(String(describing: error).prefix(300))",
                ])
            }
            return Self.response(for: verityError, request: request)
        }
    }

    static func response(for error: VerityError, request: Request) -> Response {
        let body = ErrorEnvelope(error: .init(code: error.code.rawValue, message: error.message,
                                              retryable: error.retryable, field: error.field,
                                              resolution: error.resolution?.rawValue,
                                              details: error.problems.isEmpty ? nil
                                                  : error.problems.map { .init(field: $0.field, message: $0.message) }))
        let response = Response(status: HTTPResponseStatus(statusCode: error.httpStatus))
        try? response.content.encode(body, as: .json)
        if error.code == .notAuthorized || error.code == .invalidToken || error.code == .invalidAPIKey {
            response.headers.replaceOrAdd(name: .wwwAuthenticate, value: "Bearer")
        }
        if let retryAfter = error.retryAfterSeconds ?? request.storage[RetryAfterKey.self] {
            response.headers.replaceOrAdd(name: WireHeader.retryAfter, value: String(retryAfter))
        }
        return response
    }

    package static func verityError(for error: any Error) -> VerityError {
        switch error {
        case let error as VerityError:
            return error
        case let error as DecodingError:
            return RequestBody.verityError(for: error)
        case let error as any AbortError:
            return fromStatus(error.status, reason: error.reason)
        case let error where DatabaseUnavailable.isOverload(error):
            VerityMetrics.overloaded(what: "database")
            return VerityError.overloaded("the server is busy: no database connection came free in time; try again shortly", retryAfter: 2)
        case let error where DatabaseUnavailable.matches(error):
            return VerityError(.serviceUnavailable, "the database is unavailable: try again shortly")
        default:
            return VerityError(.systemError, "an internal error occurred")
        }
    }

    private static func fromStatus(_ status: HTTPResponseStatus, reason: String) -> VerityError {
        switch status.code {
        case 400: VerityError(.invalidInput, reason)
        case 401: VerityError(.notAuthorized, "authentication is required")
        case 404: VerityError(.notFound, "no such resource")
        case 405: VerityError(.methodNotAllowed, "method not allowed")
        case 413: VerityError(.payloadTooLarge, "the request body is larger than \(RequestBody.maxBytes / 1024) KiB")
        case 415: VerityError(.unsupportedMediaType, "send the body as application/json")
        case 429: VerityError(.rateLimited, "too many requests")
        case 400..<500: VerityError(.invalidInput, reason)
        case 503: VerityError(.serviceUnavailable, "the service is unavailable")
        default: VerityError(.systemError, "an internal error occurred")
        }
    }

    package init() {
    }
}
