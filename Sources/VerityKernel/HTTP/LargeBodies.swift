import NIOConcurrencyHelpers
import Vapor
import VerityCore

/// How many large request bodies (images in base64, documents to sign: up to
/// about 21 MB each) this server holds at once, and who may hold them. A slot
/// is taken once the request's credential has been checked and before its
/// body is read (`PendingBody`), and given back when its answer is written or
/// its connection ends; a body that stalls is dropped by `RequestReadClock`,
/// and its slot with it. The next one past the limit is refused before its
/// body is read, with the overload answer (503 `SERVICE_UNAVAILABLE`,
/// `Retry-After`). Per server process: it is this process's memory that is at
/// stake.
///
/// Shared fairly: every claimant (a client address, a credential, a tenant's
/// environment) may always hold `share` slots; past that it may take more only
/// while more than `share` stay free for everyone else. So one client key
/// (public by design in a mobile app), one tenant or one address alone may
/// use most of an idle server, but never what another needs to get in.
package final class LargeBodies: Sendable {
    let limit: Int
    /// What each claimant may always hold, and what is kept free for others.
    let share: Int
    private let holders = NIOLockedValueBox(Holders())
    /// What a refused client is told to wait.
    static let retryAfterSeconds = 2

    private struct Holders {
        var total = 0
        var byClaimant: [String: Int] = [:]
    }

    package init(limit: Int) {
        self.limit = max(1, limit)
        self.share = max(1, self.limit / 4)
    }

    /// One slot for a body from `address` presenting `credential` (its
    /// `Authorization`, its client key, or for a capture link its path), for
    /// `tenant` when its credential named one.
    func admit(address: String, credential: String, tenant: UUID?) throws(VerityError) -> LargeBodyTicket {
        var claimants = ["address " + address, "credential " + String(credential.prefix(512))]
        if let tenant { claimants.append("tenant " + tenant.uuidString) }
        let taken = holders.withLockedValue { holders in
            let free = limit - holders.total
            // Past its share, a claimant takes a slot only while `share` stay free after it.
            guard free > 0, claimants.allSatisfy({ holders.byClaimant[$0, default: 0] < share || free - 1 >= share }) else { return false }
            holders.total += 1
            for claimant in claimants { holders.byClaimant[claimant, default: 0] += 1 }
            return true
        }
        guard taken else {
            VerityMetrics.overloaded(what: "bodies")
            throw VerityError.overloaded("the server is receiving \(limit) large requests already, or this client its share of them: "
                                         + "try again shortly", retryAfter: Self.retryAfterSeconds)
        }
        return LargeBodyTicket(bodies: self, claimants: claimants)
    }

    /// Bodies held now.
    var count: Int { holders.withLockedValue { $0.total } }

    fileprivate func release(_ claimants: [String]) {
        holders.withLockedValue { holders in
            holders.total -= 1
            for claimant in claimants {
                let left = holders.byClaimant[claimant, default: 1] - 1
                holders.byClaimant[claimant] = left > 0 ? left : nil
            }
        }
    }
}

/// One held large-body slot; given back once, however often `release` is called.
final class LargeBodyTicket: Sendable {
    private let bodies: LargeBodies
    private let claimants: NIOLockedValueBox<[String]?>

    fileprivate init(bodies: LargeBodies, claimants: [String]) {
        self.bodies = bodies
        self.claimants = NIOLockedValueBox(claimants)
    }

    func release() {
        guard let held = claimants.withLockedValue({ claimants in defer { claimants = nil }; return claimants }) else { return }
        bodies.release(held)
    }
}

package enum LargeBodiesKey: StorageKey { package typealias Value = LargeBodies }
enum LargeBodyTicketKey: StorageKey { typealias Value = LargeBodyTicket }

/// A large upload's body is read here, once the route group's checks (its
/// credential, its rate limits, its link) have passed: `PendingBody` takes a
/// slot and reads it.
struct LargeBodyGate: AsyncMiddleware {
    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        try await request.collectBody()
        return try await next.respond(to: request)
    }
}
