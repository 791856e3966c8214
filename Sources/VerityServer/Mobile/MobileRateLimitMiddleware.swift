import Vapor
import VerityCore
import VerityStore

/// Per client key and product, at most the environment's
/// `mobile.requestsPerMinute` requests in each minute, counted in the
/// database so every server shares the limit; beyond it, 429 `RATE_LIMITED`
/// with `Retry-After` (seconds to the next window). Demo keys are limited too.
struct MobileRateLimitMiddleware: AsyncMiddleware {
    let clock: VerityClock

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let context = try request.mobileContext()
        let product = request.mobilePathProduct ?? "unknown"
        let now = clock.nowMillis()
        let (count, windowEnds) = try await RateLimitRepository(db: request.db).hit(keyID: context.keyID, product: product, now: now)
        let limit = context.environment.configuration.mobile.requestsPerMinute
        guard count <= limit else {
            request.storage[RetryAfterKey.self] = max(1, Int((windowEnds - now + 999) / 1000))
            throw VerityError(.rateLimited, "this client key made more than \(limit) \(product) requests this minute: retry after the Retry-After seconds")
        }
        return try await next.respond(to: request)
    }
}
