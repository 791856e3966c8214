import Vapor
import VerityCore
import VerityStore
import VerityKernel

/// Per client key and product, at most the environment's
/// `mobile.requestsPerMinute` requests in each minute, counted in the
/// database so every server shares the limit; beyond it, 429 `RATE_LIMITED`
/// with `Retry-After` (seconds to the next window). Demo keys are limited too.
struct MobileRateLimitMiddleware: AsyncMiddleware {
    let clock: VerityClock

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let context = try request.mobileContext()
        let product = request.mobilePathProduct ?? "unknown"
        try await RequestRateLimit(clock: clock).admit(request, keyID: context.keyID, surface: product,
                                                       limit: context.environment.configuration.mobile.requestsPerMinute,
                                                       credential: "this client key (\(product))")
        return try await next.respond(to: request)
    }
}
