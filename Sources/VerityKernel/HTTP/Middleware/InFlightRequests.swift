import Foundation
import NIOConcurrencyHelpers
import Vapor

/// Counts the requests this server is answering, and holds the application's
/// shutdown until they are done (at most 30 s), before the database
/// closes under them. The HTTP server's own grace ends when a connection
/// closes, but a client that gave up does not stop the work its request
/// started: without this, that work met a closed database (Fluent's
/// `request.db` traps) and took the process down.
package final class InFlightRequests: AsyncMiddleware, LifecycleHandler, Sendable {
    package init() {}

    private let count = NIOLockedValueBox(0)
    static let patience: Duration = .seconds(30)

    package func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        count.withLockedValue { $0 += 1 }
        defer { count.withLockedValue { $0 -= 1 } }
        return try await next.respond(to: request)
    }

    package func shutdownAsync(_ application: Application) async {
        let deadline = ContinuousClock.now + Self.patience
        while count.withLockedValue({ $0 }) > 0, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(20))
        }
    }
}
