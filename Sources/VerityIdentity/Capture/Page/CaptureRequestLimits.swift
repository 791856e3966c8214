import Foundation
import Vapor
import VerityCore
import VerityStore
import VerityKernel

/// Limits on `/capture/{token}/*`, where the link is the only credential and
/// anyone may send anything: every request counts against its client
/// address, and a request with a live link against that link, per minute,
/// before a body is collected (the route collects it after this middleware).
/// Over either limit: 429 `RATE_LIMITED` with `Retry-After`. The counts live
/// where every other rate limit's do (`RateLimitRepository`: in the database
/// on PostgreSQL, in the process on SQLite).
///
/// A page polls its status every 1.5 s (and a desktop following a phone every
/// 3 s): a link is allowed twice that. The address is counted under its
/// blind index (`DataProtector.blindIndex`), so no address is stored.
struct CaptureRequestLimits: AsyncMiddleware {
    let links: CaptureLinkService
    let protector: DataProtector
    let clock: VerityClock
    let scopes: RequestScopes
    /// `Settings.captureRequestsPerAddressPerMinute`: 0 counts no address.
    let perAddress: Int

    static let requestsPerLinkPerMinute = 120

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let limiter = RequestRateLimit(clock: clock)
        if perAddress > 0 {
            let address = request.remoteAddress?.ipAddress ?? "unknown"
            // Keyed like every other index: a copy of the counts does not confirm a guessed address.
            let name = protector.blindIndex(address, domain: "capture-address")
            try await limiter.admit(request, keyID: UUID(naming: "capture-address|\(name)"),
                                    surface: "capture", limit: perAddress, credential: "this address")
        }
        // A live link is counted; a token that names none is answered by the
        // route (the page says so), but a submission to it is refused here,
        // before its body is read.
        do {
            let (link, _) = try await links.resolve(token: request.parameters.get(.token) ?? "", scope: scopes.of(request))
            try await limiter.admit(request, keyID: try link.requireID(), surface: "capture", limit: Self.requestsPerLinkPerMinute,
                                    credential: "this capture link")
        } catch let error as VerityError where error.code == .captureLinkUnusable {
            if request.method == .POST { throw error }
        }
        return try await next.respond(to: request)
    }

    init(links: CaptureLinkService, protector: DataProtector, clock: VerityClock, scopes: RequestScopes, perAddress: Int) {
        self.links = links
        self.protector = protector
        self.clock = clock
        self.scopes = scopes
        self.perAddress = perAddress
    }
}
