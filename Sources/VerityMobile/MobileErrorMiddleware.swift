import Vapor
import VerityAPI
import VerityCore
import VerityKernel
import VerityStore

/// Renders every error on `/api/mobile/v1` in the mobile envelope, with the
/// product from the path and the environment once the key is known; 429s
/// carry `Retry-After`. Sits inside the server's error middleware.
///
/// As `mobile-api.txt` asks, an error carries "the same envelope fields where
/// applicable": on a session's request, the session's `next_step`,
/// `outcome`, `verification_id` and `meta.step` as they stand after the
/// refusal (a `SESSION_WRONG_STEP` names the step that is due). Every 5xx is
/// `SYSTEM_ERROR`, retryable as its cause is, with the cause's own code in
/// `cause` (`ENGINE_FAILED`, `SERVICE_UNAVAILABLE`, …) and its HTTP status and
/// `Retry-After` kept, so a client's backoff is unchanged.
struct MobileErrorMiddleware: AsyncMiddleware {
    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        do {
            return try await next.respond(to: request)
        } catch {
            return try await Self.response(for: error, request: request)
        }
    }

    /// `error` as the mobile surface answers it (also for replays of a stored answer).
    static func response(for error: any Error, request: Request) async throws -> Response {
        let verityError = APIErrorMiddleware.verityError(for: error)
        let serverFault = verityError.httpStatus >= 500
        if serverFault {
            request.logger.error("mobile request failed", metadata: [
                "error_type": "\(String(reflecting: type(of: error)))", "error": "\(String(describing: error).prefix(300))",
            ])
        }
        let context = request.storage[MobileContextKey.self]
        let product = request.mobilePathProduct.flatMap { MobileProduct(rawValue: $0) }
        let sessionID = request.headers.first(name: MobileContext.sessionHeader)
        let session = await Self.session(sessionID, product: product, context: context, request: request)
        var body = MobileErrorBody(
            code: serverFault ? ErrorCode.systemError.rawValue : verityError.code.rawValue, message: verityError.message,
            retryable: verityError.retryable ? true : nil, field: verityError.field, sessionID: sessionID, product: product?.rawValue,
            meta: context.map { .init(environment: $0.environmentKind, step: nil) })
        if serverFault, verityError.code != .systemError { body.cause = verityError.code.rawValue }
        if let session, let context {
            body.nextStep = session.nextStep
            body.outcome = session.outcome
            body.verificationID = session.verificationID.map { MobileVerificationID($0).description }
            body.meta = .current(environment: context.environmentKind, due: session.nextStep, taken: nil)
        }
        let response = Response(status: HTTPResponseStatus(statusCode: verityError.httpStatus))
        try response.content.encode(body, as: .json)
        if let retryAfter = verityError.retryAfterSeconds ?? request.storage[RetryAfterKey.self] {
            response.headers.replaceOrAdd(name: WireHeader.retryAfter, value: String(retryAfter))
        }
        return response
    }

    /// The session the request named, as it stands, when the key may see it and
    /// it is of the path's product; nil otherwise, or when the database cannot
    /// say (the error being answered may be the database's own).
    private static func session(_ publicID: String?, product: MobileProduct?, context: MobileContext?,
                                request: Request) async -> MobileSessionModel? {
        guard let publicID, !publicID.isEmpty, publicID.count <= 64, let product, let context else { return nil }
        let session = try? await MobileSessionRepository(db: request.db).session(
            tokenHash: DataProtector.hashSecret(publicID), environmentID: context.environmentID, clientKeyID: context.keyID)
        return session?.product == product ? session : nil
    }
}
