import Crypto
import Foundation
import Vapor
import VerityCore
import VerityStore

/// Counts a request against its credential's limit per minute, in the
/// database (`RateLimitRepository`) so every server shares the count; beyond
/// the limit, 429 `RATE_LIMITED` with `Retry-After` (seconds to the next window).
package struct RequestRateLimit: Sendable {
    let clock: VerityClock

    /// `keyID` names the credential, `surface` what it is counted on;
    /// `credential` says in the error what was limited ("this secret key").
    package func admit(_ request: Request, keyID: UUID, surface: String, limit: Int, credential: String) async throws {
        let counted = try await RateLimitRepository(db: request.db).hit(keyID: keyID, product: surface, now: clock.nowMillis())
        try check(request, requests: counted, limit: limit, credential: credential)
    }

    /// Refuses the request when `requests` (the window's count, this one
    /// included, counted already) is over `limit`, with when to retry.
    package func check(_ request: Request, requests: (count: Int, windowEnds: Int64), limit: Int, credential: String) throws {
        let now = clock.nowMillis()
        guard requests.count <= limit else {
            request.storage[RetryAfterKey.self] = max(1, Int((requests.windowEnds - now + 999) / 1000))
            throw VerityError(.rateLimited, "\(credential) made more than \(limit) requests this minute: retry after the Retry-After seconds")
        }
    }

    package init(clock: VerityClock) {
        self.clock = clock
    }
}

/// Seconds a rate-limited client should wait, for the error's `Retry-After`.
package enum RetryAfterKey: StorageKey { package typealias Value = Int }

extension UUID {
    /// A stable id for a credential known by a string (a user token's id):
    /// the first 16 bytes of its SHA-256, so the string itself is never stored.
    package init(naming credential: String) {
        let digest = Array(SHA256.hash(data: Data(credential.utf8)))
        self.init(uuid: (digest[0], digest[1], digest[2], digest[3], digest[4], digest[5], digest[6], digest[7],
                         digest[8], digest[9], digest[10], digest[11], digest[12], digest[13], digest[14], digest[15]))
    }
}
