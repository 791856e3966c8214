import Fluent
import Foundation
import SQLKit
import Testing
import Vapor
@testable import VerityServer
@testable import VerityStore
import VerityTestSupport
@testable import VerityKernel

/// `Database.write` under concurrency, on SQLite (where writes queued together
/// share one commit) and PostgreSQL: every write gets its own answer, a write
/// that throws leaves nothing behind and costs its neighbours nothing, and a
/// write that loses a race on a unique key is told so, alone.
@Suite("Writes: grouped commits answer each write as if it ran alone")
struct SerializedWritesTests {
    struct Refused: Error, Equatable {
        let number: Int
    }

    static func probeTable(_ db: any Database) async throws -> any SQLDatabase {
        let sql = try #require(db as? any SQLDatabase)
        try await sql.raw("CREATE TABLE write_probe (number INTEGER PRIMARY KEY, note TEXT NOT NULL)").run()
        return sql
    }

    /// How many writes `concurrently` keeps in flight on `db`. On SQLite,
    /// more than a group takes, so writes queue. On PostgreSQL, fewer than
    /// the pool's connections (8 per event loop): a write in flight beyond
    /// them waits for a connection, and a loaded CI run (every suite at once)
    /// once had three such waits pass the pool's 10 s.
    static func inFlight(_ db: any Database) -> Int {
        (db as? any SQLDatabase)?.dialect.name == "postgresql" ? min(24, VerityDatabase.postgresConnectionsPerEventLoop * System.coreCount * 3 / 4) : 24
    }

    /// Runs `write` for each number with at most `inFlight` at once, and
    /// returns each number's outcome.
    static func concurrently<T: Sendable>(
        _ numbers: ClosedRange<Int>, inFlight: Int, _ write: @escaping @Sendable (Int) async throws -> T
    ) async -> [Int: Result<T, any Error>] {
        await withTaskGroup(of: (Int, Result<T, any Error>).self) { group in
            var pending = numbers.makeIterator()
            var outcomes: [Int: Result<T, any Error>] = [:]
            func start(_ number: Int) {
                group.addTask {
                    do { return (number, .success(try await write(number))) } catch { return (number, .failure(error)) }
                }
            }
            for _ in 0..<inFlight { if let number = pending.next() { start(number) } }
            while let (number, outcome) = await group.next() {
                outcomes[number] = outcome
                if let next = pending.next() { start(next) }
            }
            return outcomes
        }
    }

    static func numbers(_ sql: any SQLDatabase) async throws -> [Int] {
        try await sql.raw("SELECT number FROM write_probe ORDER BY number").all().map { try $0.decode(column: "number", as: Int.self) }
    }

    @Test func concurrentWritesEachGetTheirOwnAnswerAndAllCommit() async throws {
        try await withVerityApp { app async throws in
            let db = app.app.db
            let sql = try await Self.probeTable(db)
            let outcomes = await Self.concurrently(1...64, inFlight: Self.inFlight(db)) { number in
                try await db.write { tx in
                    try await (tx as! any SQLDatabase).raw("""
                        INSERT INTO write_probe (number, note) VALUES (\(bind: number), \(bind: "n\(number)")) RETURNING note
                        """).first()!.decode(column: "note", as: String.self)
                }
            }
            let answers = try outcomes.mapValues { try $0.get() }
            #expect(answers.count == 64 && answers.allSatisfy { $0.value == "n\($0.key)" })
            #expect(try await Self.numbers(sql) == Array(1...64))
        }
    }

    @Test func aWriteThatThrowsLeavesNothingAndItsNeighboursCommit() async throws {
        try await withVerityApp { app async throws in
            let db = app.app.db
            let sql = try await Self.probeTable(db)
            // Every seventh write inserts its row and then throws: its row must
            // not survive, and the writes queued with it must.
            let outcomes = await Self.concurrently(1...60, inFlight: Self.inFlight(db)) { number in
                try await db.write { tx in
                    try await (tx as! any SQLDatabase).raw("INSERT INTO write_probe (number, note) VALUES (\(bind: number), 'x')").run()
                    if number % 7 == 0 { throw Refused(number: number) }
                    return number
                }
            }
            let results = outcomes.mapValues { outcome in
                outcome.mapError { error in
                    if let refused = error as? Refused { return refused }
                    Issue.record("an error no write threw: \(String(reflecting: error))")
                    return Refused(number: -1)
                }
            }
            for number in 1...60 {
                let expected: Result<Int, Refused> = number % 7 == 0 ? .failure(Refused(number: number)) : .success(number)
                #expect(results[number] == expected, "write \(number)")
            }
            #expect(try await Self.numbers(sql) == (1...60).filter { $0 % 7 != 0 })
        }
    }

    /// A Fluent model made outside the write and created in it, the way a
    /// repository records a row: a neighbour that throws must not make the
    /// body run again (Fluent stops the process when a model is created twice),
    /// and every other model's row must commit.
    @Test func aModelCreatedBesideAWriteThatThrowsIsCreatedOnceAndKept() async throws {
        try await withVerityApp { app async throws in
            let db = app.app.db
            let sql = try await Self.probeTable(db)
            let models = (1...48).map { number in ProbeRow(number: number) }
            let outcomes = await Self.concurrently(1...48, inFlight: Self.inFlight(db)) { number in
                let model = models[number - 1]
                return try await db.write { tx in
                    try await model.create(on: tx)
                    if number % 5 == 0 { throw Refused(number: number) }
                    return number
                }
            }
            for number in 1...48 {
                let refused = number % 5 == 0
                #expect(((try? outcomes[number]?.get()) == number) == !refused, "write \(number)")
            }
            #expect(try await Self.numbers(sql) == (1...48).filter { $0 % 5 != 0 })
            #expect(try await ProbeRow.query(on: db).count() == 48 - 9)
        }
    }

    /// Writes that queue behind a slow one go as one group on SQLite; when
    /// the group's first write throws, it is answered alone and the rest
    /// still commit, each body run once.
    @Test func aGroupWhoseFirstWriteThrowsStillCommitsTheRest() async throws {
        try await withVerityApp { app async throws in
            let db = app.app.db
            let sql = try await Self.probeTable(db)
            let (opened, open) = AsyncStream<Void>.makeStream()
            let slow = Task {
                try await db.write { tx in
                    try await ProbeRow(number: 1).create(on: tx)
                    for await _ in opened { break }
                }
            }
            try await Task.sleep(for: .milliseconds(300))
            // Queued one after another behind the slow write: 2 throws, 3 and 4 commit.
            var queued: [Task<Int, any Error>] = []
            for number in 2...4 {
                let model = ProbeRow(number: number)
                queued.append(Task {
                    try await db.write { tx in
                        try await model.create(on: tx)
                        if number == 2 { throw Refused(number: number) }
                        return number
                    }
                })
                try await Task.sleep(for: .milliseconds(200))
            }
            open.yield()
            try await slow.value
            await #expect(throws: Refused(number: 2)) { try await queued[0].value }
            #expect(try await queued[1].value == 3)
            #expect(try await queued[2].value == 4)
            #expect(try await Self.numbers(sql) == [1, 3, 4])
        }
    }

    @Test func aWriteThatLosesARaceOnAKeyIsToldAloneAndTheWinnerCommits() async throws {
        try await withVerityApp { app async throws in
            let db = app.app.db
            let sql = try await Self.probeTable(db)
            // Twenty writers, ten keys: each key has one winner and one loser.
            let won = await Self.concurrently(0...19, inFlight: Self.inFlight(db)) { writer in
                try await db.write { tx in
                    try await (tx as! any SQLDatabase).raw("""
                        INSERT INTO write_probe (number, note) VALUES (\(bind: writer % 10), \(bind: "writer \(writer)"))
                        """).run()
                }
            }
            let outcomes = won.reduce(into: [Int: [Bool]]()) { $0[$1.key % 10, default: []].append((try? $1.value.get()) != nil) }
            #expect(outcomes.count == 10 && outcomes.values.allSatisfy { $0.count == 2 && $0.filter { $0 }.count == 1 })
            #expect(try await Self.numbers(sql) == Array(0..<10))
        }
    }

    /// Another process writing the same file (a second server, a CLI command
    /// beside the server) between a transaction's first read and its first
    /// write: the write waits for theirs instead of failing with
    /// SQLITE_BUSY_SNAPSHOT (on SQLite the write lock is taken at BEGIN).
    @Test func aWriteFromAnotherProcessBetweenAReadAndAWriteCostsNeither() async throws {
        try await withVerityApp { app async throws in
            let sql = try await Self.probeTable(app.app.db)
            let other = try await Application.make(.testing)
            other.logger.logLevel = .warning
            do {
                try await VerityApp.configure(other, settings: app.settings, clock: app.clock.verityClock)
                let (read, reading) = AsyncStream.makeStream(of: Void.self)
                async let first: Int = app.app.db.write { tx in
                    let count = try await (tx as! any SQLDatabase).raw("SELECT COUNT(*) AS n FROM write_probe").first()!.decode(column: "n", as: Int.self)
                    reading.yield()
                    try await Task.sleep(for: .milliseconds(400))   // the other process writes meanwhile (or waits)
                    try await (tx as! any SQLDatabase).raw("INSERT INTO write_probe (number, note) VALUES (1, \(bind: "after \(count)"))").run()
                    return count
                }
                for await _ in read { break }
                try await other.db.write { tx in
                    try await (tx as! any SQLDatabase).raw("INSERT INTO write_probe (number, note) VALUES (2, 'other')").run()
                }
                #expect(try await first == 0)
                #expect(try await Self.numbers(sql) == [1, 2])
            } catch {
                try? await other.asyncShutdown()
                throw error
            }
            try await other.asyncShutdown()
        }
    }
}

/// A row of the probe table as a Fluent model.
final class ProbeRow: Model, @unchecked Sendable {
    static let schema = "write_probe"

    @ID(custom: "number", generatedBy: .user) var id: Int?
    @Field(key: "note") var note: String

    init() {}

    init(number: Int) {
        self.id = number
        self.note = "model \(number)"
    }
}
