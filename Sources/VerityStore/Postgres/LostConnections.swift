import FluentPostgresDriver
import NIOConcurrencyHelpers
import NIOCore

/// Work on a PostgreSQL connection the server closed under it ends with this
/// (the API answers 503 `SERVICE_UNAVAILABLE`, as for any database outage).
public struct DatabaseConnectionLost: Error, CustomStringConvertible {
    public var description: String { "the PostgreSQL connection closed under the work and no answer came" }
}

/// PostgresNIO (1.33) can lose a query written to a connection the server has
/// just closed (PostgreSQL stopping or restarting): the query goes to a
/// channel whose handlers are gone, and its answer never comes. (Upstream
/// fixed it in #487 and reverted the fix in #501.) The `make reliability`
/// harness met it: a request stopped PostgreSQL mid-transaction waited
/// forever, holding its connection's place in the pool.
///
/// So Verity's work on one connection (a write's transaction, a prepared
/// statement) is watched: once its connection is closed, the work has
/// `grace` to end by itself (with the driver's own error, as it nearly always
/// does); after that it ends with `DatabaseConnectionLost`, the connection
/// goes back to the pool, and the pool drops it. The lost query's task stays
/// parked, a few hundred bytes, until the process ends.
enum LostConnections {
    static let grace: TimeAmount = .seconds(2)
    /// How often the connection is looked at while the work runs: nothing
    /// happens at all on work that ends sooner (nearly all).
    static let look: TimeAmount = .seconds(1)

    static func watching<T: Sendable>(_ connection: PostgresConnection, _ work: EventLoopFuture<T>) -> EventLoopFuture<T> {
        let loop = connection.eventLoop
        let promise = loop.makePromise(of: T.self)
        let ended = NIOLockedValueBox(false)
        /// Ends the watched work with `result`, unless it ended already.
        let end: @Sendable (Result<T, any Error>) -> Void = { result in
            guard ended.withLockedValue({ done in defer { done = true }; return !done }) else { return }
            promise.completeWith(result)
        }
        let watch = loop.scheduleRepeatedTask(initialDelay: look, delay: look) { watch in
            guard connection.isClosed else { return }
            watch.cancel()
            loop.scheduleTask(in: grace) { end(.failure(DatabaseConnectionLost())) }
        }
        work.whenComplete { result in
            watch.cancel()
            end(result)
        }
        return promise.futureResult
    }
}

extension Database {
    /// `body` in a transaction on one PostgreSQL connection, watched for the
    /// connection's loss (`LostConnections`): what Fluent's `transaction` does
    /// (BEGIN, the body, COMMIT; ROLLBACK if it throws), where Verity can see
    /// the connection.
    func postgresTransaction<T: Sendable>(_ body: @escaping @Sendable (any Database) async throws -> T) async throws -> T {
        try await withConnection { db in
            // The connection Fluent bound `db` to: its one PostgreSQL connection.
            let connection = try await (db as! any PostgresDatabase).withConnection { $0.eventLoop.makeSucceededFuture($0) }.get()
            let sql = try db.sql()
            let work = connection.eventLoop.makeFutureWithTask {
                try await sql.raw("BEGIN").run()
                let result: T
                do {
                    result = try await body(db)
                } catch {
                    // The body's error is the one to report; a failed ROLLBACK
                    // leaves nothing behind (PostgreSQL ends the transaction with the connection).
                    try? await sql.raw("ROLLBACK").run()
                    throw error
                }
                try await sql.raw("COMMIT").run()
                return result
            }
            return try await LostConnections.watching(connection, work).get()
        }
    }
}
