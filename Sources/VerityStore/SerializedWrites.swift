import Fluent
import SQLKit

/// Writes to one SQLite file go through one gate per process.
///
/// SQLite allows one writer at a time; two connections that try at once make
/// the loser spin in SQLite's busy handler, burning a core for nothing.
/// Queueing writers here instead costs no CPU. PostgreSQL needs no gate.
actor WriteGate {
    static let sqlite = WriteGate()

    private var busy = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    func enter() async {
        if !busy {
            busy = true
            return
        }
        await withCheckedContinuation { waiters.append($0) }
    }

    func leave() {
        if waiters.isEmpty {
            busy = false
        } else {
            waiters.removeFirst().resume()
        }
    }
}

extension Database {
    /// Runs `body` in a transaction; on SQLite, after the writes before it.
    /// Every write Verity makes goes through here; never call it inside `body`
    /// (the gate is not re-entrant), and in `body` use only the database it is
    /// given.
    ///
    /// On SQLite the connection is taken before the gate: each event loop has
    /// one connection, busy with that loop's reads. Taken the other way round,
    /// the one writer waited, gate held, for a connection to come free, and
    /// every other write waited with it; the webhook benchmark's throughput
    /// rose by about a tenth with this order (`docs/benchmarks.md`).
    public func write<T: Sendable>(_ body: @escaping @Sendable (any Database) async throws -> T) async throws -> T {
        guard (self as? any SQLDatabase)?.dialect.name == "sqlite" else {
            return try await transaction(body)
        }
        return try await betweenWrites { connection in try await connection.transaction(body) }
    }

    /// Runs `body` on one connection while no other write of this process
    /// runs, outside a transaction: on SQLite, what must not meet a writer
    /// (emptying the write-ahead log). Elsewhere it just runs.
    public func betweenWrites<T: Sendable>(_ body: @escaping @Sendable (any Database) async throws -> T) async throws -> T {
        guard (self as? any SQLDatabase)?.dialect.name == "sqlite" else { return try await body(self) }
        return try await withConnection { connection in
            await WriteGate.sqlite.enter()
            do {
                let result = try await body(connection)
                await WriteGate.sqlite.leave()
                return result
            } catch {
                await WriteGate.sqlite.leave()
                throw error
            }
        }
    }
}
