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
    /// On SQLite the gate comes first, then this event loop's write connection
    /// (`SQLiteWriterConnections`): no read holds it, so the one writer never
    /// waits for a connection while every other write waits for the gate.
    public func write<T: Sendable>(_ body: @escaping @Sendable (any Database) async throws -> T) async throws -> T {
        guard (self as? any SQLDatabase)?.dialect.name == "sqlite" else {
            return try await transaction(body)
        }
        return try await betweenWrites { writer in try await writer.transaction(body) }
    }

    /// Runs `body` while no other write of this process runs, outside a
    /// transaction, on SQLite's write connection: what must not meet a writer
    /// (emptying the write-ahead log). Elsewhere it just runs.
    func betweenWrites<T: Sendable>(_ body: @escaping @Sendable (any Database) async throws -> T) async throws -> T {
        guard (self as? any SQLDatabase)?.dialect.name == "sqlite" else { return try await body(self) }
        let writer = sqliteWriter ?? self
        await WriteGate.sqlite.enter()
        do {
            let result = try await body(writer)
            await WriteGate.sqlite.leave()
            return result
        } catch {
            await WriteGate.sqlite.leave()
            throw error
        }
    }
}
