import Fluent
import FluentPostgresDriver
import SQLKit

extension Database {
    /// Runs `body` in a transaction; on SQLite, after the writes queued before
    /// it, and perhaps in one commit with its neighbours (`SQLiteWriteQueue`).
    /// Every write Verity makes goes through here. Never call it inside
    /// `body` (the queue is not re-entrant), and in `body` use only the
    /// database it is given: on SQLite a body may share its commit with the
    /// writes queued beside it, each behind a savepoint of its own.
    ///
    /// On SQLite the queue comes first, then this event loop's write connection
    /// (`SQLiteWriterConnections`): no read holds it, so the one writer never
    /// waits for a connection while every other write waits in the queue.
    ///
    /// Within a request that claimed an `Idempotency-Key`, the write also marks
    /// the claim's work committed, in the same transaction (`IdempotentWork`).
    public func write<T: Sendable>(_ body: @escaping @Sendable (any Database) async throws -> T) async throws -> T {
        // Read here, in the caller's task: SQLite's queue runs the body in its own.
        let work = IdempotentWork.current
        let marked: @Sendable (any Database) async throws -> T
        if let work {
            marked = { db in
                let result = try await body(db)
                try await work.mark(on: db)
                return result
            }
        } else {
            marked = body
        }
        if self is any PostgresDatabase { return try await postgresTransaction(marked) }
        guard (self as? any SQLDatabase)?.dialect.name == "sqlite" else { return try await transaction(marked) }
        return try await queued(alone: false, marked)
    }

    /// Runs `body` while no other write of this process runs, outside a
    /// transaction, on SQLite's write connection: what must not meet a writer
    /// (emptying the write-ahead log). Elsewhere it just runs.
    func betweenWrites<T: Sendable>(_ body: @escaping @Sendable (any Database) async throws -> T) async throws -> T {
        guard (self as? any SQLDatabase)?.dialect.name == "sqlite" else { return try await body(self) }
        return try await queued(alone: true, body)
    }

    /// `body` through this file's write queue, on its write connection.
    private func queued<T: Sendable>(alone: Bool, _ body: @escaping @Sendable (any Database) async throws -> T) async throws -> T {
        let job = SQLiteWriteQueue.Job(alone: alone) { try await body($0) }
        guard let (queue, writer) = sqliteWrites else { return try await SQLiteWriteQueue.ungrouped.run(job, on: self) as! T }
        return try await queue.run(job, on: writer) as! T
    }
}
