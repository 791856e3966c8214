import NIOConcurrencyHelpers
import Vapor
import VerityCore

/// How many large request bodies (images in base64, documents to sign: up to
/// about 21 MB each) this server holds at once. Each is held from before it
/// is read until its answer is written, so a flood of uploads cannot take
/// the memory every other request needs. The next one past the limit is
/// refused before its body is read, with the overload answer (503
/// `SERVICE_UNAVAILABLE`, `Retry-After`). Per server process: it is this
/// process's memory that is at stake.
package final class LargeBodies: Sendable {
    package let limit: Int
    private let held = NIOLockedValueBox(0)
    /// What a refused client is told to wait.
    package static let retryAfterSeconds = 2

    package init(limit: Int) {
        self.limit = max(1, limit)
    }

    func enter() throws(VerityError) {
        let admitted = held.withLockedValue { count in
            guard count < limit else { return false }
            count += 1
            return true
        }
        guard admitted else {
            VerityMetrics.overloaded(what: "bodies")
            throw VerityError.overloaded("the server is receiving \(limit) large requests already: try again shortly", retryAfter: Self.retryAfterSeconds)
        }
    }

    func leave() {
        held.withLockedValue { $0 -= 1 }
    }

    /// Bodies held now.
    package var count: Int { held.withLockedValue { $0 } }
}

package enum LargeBodiesKey: StorageKey { package typealias Value = LargeBodies }

/// Takes one of the server's `LargeBodies` slots for a request whose body is
/// larger than the JSON routes' (by its `Content-Length`; a body of unknown
/// length counts as large), before the route collects it; gives it back when
/// the answer is ready.
struct LargeBodyGate: AsyncMiddleware {
    package func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let declared = request.headers.first(name: .contentLength).flatMap(Int.init)
        guard let bodies = request.application.storage[LargeBodiesKey.self], declared.map({ $0 > RequestBody.maxBytes }) ?? true else {
            return try await next.respond(to: request)
        }
        try bodies.enter()
        defer { bodies.leave() }
        return try await next.respond(to: request)
    }
}
