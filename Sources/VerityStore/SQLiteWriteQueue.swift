import Fluent
import SQLKit

/// Writes to one SQLite file, one group at a time per process, each group in
/// one transaction: a group commit.
///
/// SQLite allows one writer at a time; two connections that try at once make
/// the loser spin in SQLite's busy handler, burning a core for nothing, so
/// writers queue here instead. Most of a small write's time under the writer
/// is not SQLite's: every statement is a round trip to SQLite's thread and
/// back to a task, and BEGIN, COMMIT and leasing the connection are three
/// more of them (measured: about 1.2 ms held per write against 0.1 ms of
/// SQLite's own work; `docs/benchmarks.md`). So the writer that finds the
/// queue idle leads: it takes every write queued behind it (up to
/// `groupLimit`), runs them in order in one transaction on the write
/// connection, commits once, and hands each writer its own result. A write
/// returns only after the commit that made it durable. Each SQLite file set
/// up by `VerityDatabase.use` has a queue of its own (its configuration
/// holds it), as it has its write connections.
///
/// A group is the same as running its writes one after another, in the order
/// they queued. Each member after the first runs after a savepoint of its
/// own; when one throws, the group rolls back to that savepoint, so nothing
/// of it is committed, its error is its answer alone, and the members before
/// and after it commit as if it had never run. (A first member that throws
/// rolls back the transaction, which holds nothing else yet.) No body ever
/// runs twice: a body that created a Fluent model keeps a model that matches
/// the database.
actor SQLiteWriteQueue {
    /// For an SQLite database not set up by `VerityDatabase.use` (no write
    /// connection of its own): its writes queue here, each in its own commit,
    /// on its own connection.
    static let ungrouped = SQLiteWriteQueue(groupLimit: 1)

    /// At most this many writes share a commit: the last of a group waits for
    /// all of them.
    let groupLimit: Int

    init(groupLimit: Int = 32) {
        self.groupLimit = groupLimit
    }

    /// One queued write.
    final class Job: @unchecked Sendable {
        let body: @Sendable (any Database) async throws -> any Sendable
        /// Run alone and outside a transaction (emptying the write-ahead log).
        let alone: Bool
        /// Set while the write waits, under the queue's isolation.
        var waiting: CheckedContinuation<Turn, Never>?

        init(alone: Bool, body: @escaping @Sendable (any Database) async throws -> any Sendable) {
            self.alone = alone
            self.body = body
        }
    }

    /// What a queued write is told.
    enum Turn: Sendable {
        /// Lead: run the queue's next group.
        case lead
        /// Done, by a group another write led.
        case done(Result<any Sendable, any Error>)
    }

    private var leading = false
    private var queue: [Job] = []

    /// Runs `job` on `writer` (the write connection) after the writes queued
    /// before it, and returns its result.
    func run(_ job: Job, on writer: any Database) async throws -> any Sendable {
        queue.append(job)
        var turn = Turn.lead
        if leading {
            turn = await withCheckedContinuation { job.waiting = $0 }
        } else {
            leading = true
        }
        if case .done(let result) = turn { return try result.get() }
        // Leading: the group starts with this job (the queue's head).
        let group = nextGroup()
        let results = await Self.runInOrder(group, on: writer)
        for (member, result) in zip(group, results) where member !== job {
            member.waiting?.resume(returning: .done(result))
        }
        if let next = queue.first {
            next.waiting?.resume(returning: .lead)
        } else {
            leading = false
        }
        return try results[0].get()
    }

    /// The queue's head and, unless it runs alone, the writes behind it up to
    /// the next one that does.
    private func nextGroup() -> [Job] {
        guard !queue[0].alone else { return [queue.removeFirst()] }
        let count = min(queue.prefix { !$0.alone }.count, groupLimit)
        defer { queue.removeFirst(count) }
        return Array(queue.prefix(count))
    }

    /// Each job's result, in order, as if each had run alone in turn.
    private static func runInOrder(_ jobs: [Job], on writer: any Database) async -> [Result<any Sendable, any Error>] {
        guard let first = jobs.first else { return [] }
        if first.alone {
            return [await Result(catching: { try await first.body(writer) })]
        }
        do {
            return try await writer.transaction { tx in
                let sql = try tx.sql()
                // Fluent's BEGIN is deferred: the write lock would be taken at
                // the first write, after the group's first reads. If another
                // process wrote the file in between (a CLI command beside the
                // server, a second server on one file), that write fails at
                // once with SQLITE_BUSY_SNAPSHOT, a 500 for a sound request.
                // The empty deferred transaction is swapped for an immediate
                // one, which waits in the busy handler for the other writer.
                try await sql.raw("COMMIT").run()
                try await sql.raw("BEGIN IMMEDIATE").run()
                // The first member needs no savepoint: when it throws, the
                // transaction holds nothing else, so it rolls back whole and
                // the rest run as a group of their own (none has run yet).
                let firstResult: any Sendable
                do {
                    firstResult = try await first.body(tx)
                } catch {
                    throw FirstMemberFailed(error: error)
                }
                var results: [Result<any Sendable, any Error>] = [.success(firstResult)]
                for job in jobs.dropFirst() {
                    // Savepoints are never released: COMMIT releases them all,
                    // and a release would cost a round trip per member. A
                    // rollback goes to the newest savepoint of the name, the
                    // member's own.
                    try await sql.raw("SAVEPOINT member").run()
                    do {
                        results.append(.success(try await job.body(tx)))
                    } catch {
                        try await sql.raw("ROLLBACK TO member").run()
                        results.append(.failure(error))
                    }
                }
                return results
            }
        } catch let failed as FirstMemberFailed {
            return [.failure(failed.error)] + (await runInOrder(Array(jobs.dropFirst()), on: writer))
        } catch {
            // BEGIN, a savepoint or COMMIT failed: nothing of the group was
            // written, and every member is told so.
            return jobs.map { _ in .failure(error) }
        }
    }

    /// The group's first member threw: the transaction rolls back with only its work in it.
    private struct FirstMemberFailed: Error {
        let error: any Error
    }
}

extension Result where Failure == any Error {
    init(catching body: () async throws -> Success) async {
        do { self = .success(try await body()) } catch { self = .failure(error) }
    }
}
