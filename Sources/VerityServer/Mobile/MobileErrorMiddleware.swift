import Vapor
import VerityAPI
import VerityCore
import VerityKernel

/// Renders every error on `/api/mobile/v1` in the mobile envelope, with the
/// product from the path and the environment once the key is known; 429s
/// carry `Retry-After`. Sits inside the server's error middleware.
struct MobileErrorMiddleware: AsyncMiddleware {
    package func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        do {
            return try await next.respond(to: request)
        } catch {
            return try Self.response(for: error, request: request)
        }
    }

    /// `error` as the mobile surface answers it (also for replays of a stored answer).
    package static func response(for error: any Error, request: Request) throws -> Response {
        let verityError = APIErrorMiddleware.verityError(for: error)
        if verityError.httpStatus >= 500 {
            request.logger.error("mobile request failed", metadata: [
                "error_type": "\(String(reflecting: type(of: error)))", "error": "\(String(describing: error).prefix(300))",
            ])
        }
        let context = request.storage[MobileContextKey.self]
        let product = request.mobilePathProduct.flatMap { MobileProduct(rawValue: $0)?.rawValue }
        let body = MobileErrorBody(
            code: verityError.code.rawValue, message: verityError.message, retryable: verityError.retryable ? true : nil,
            field: verityError.field, sessionID: request.headers.first(name: MobileContext.sessionHeader), product: product,
            meta: context.map { .init(environment: $0.environmentKind, step: nil) })
        let response = Response(status: HTTPResponseStatus(statusCode: verityError.httpStatus))
        try response.content.encode(body, as: .json)
        if let retryAfter = verityError.retryAfterSeconds ?? request.storage[RetryAfterKey.self] {
            response.headers.replaceOrAdd(name: WireHeader.retryAfter, value: String(retryAfter))
        }
        return response
    }
}

