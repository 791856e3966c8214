import Fluent
import Foundation
import SQLKit
import Testing
import VerityStore
import VerityTestSupport

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

    static func numbers(_ sql: any SQLDatabase) async throws -> [Int] {
        try await sql.raw("SELECT number FROM write_probe ORDER BY number").all().map { try $0.decode(column: "number", as: Int.self) }
    }

    @Test func concurrentWritesEachGetTheirOwnAnswerAndAllCommit() async throws {
        try await withVerityApp { app async throws in
            let db = app.app.db
            let sql = try await Self.probeTable(db)
            let answers = try await withThrowingTaskGroup(of: (Int, String).self) { group in
                for number in 1...64 {
                    group.addTask {
                        let note = try await db.write { tx in
                            try await (tx as! any SQLDatabase).raw("""
                                INSERT INTO write_probe (number, note) VALUES (\(bind: number), \(bind: "n\(number)")) RETURNING note
                                """).first()!.decode(column: "note", as: String.self)
                        }
                        return (number, note)
                    }
                }
                return try await group.reduce(into: [Int: String]()) { $0[$1.0] = $1.1 }
            }
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
            let results = await withTaskGroup(of: (Int, Result<Int, Refused>).self) { group in
                for number in 1...60 {
                    group.addTask {
                        do {
                            let written = try await db.write { tx in
                                try await (tx as! any SQLDatabase).raw("INSERT INTO write_probe (number, note) VALUES (\(bind: number), 'x')").run()
                                if number % 7 == 0 { throw Refused(number: number) }
                                return number
                            }
                            return (number, .success(written))
                        } catch let refused as Refused {
                            return (number, .failure(refused))
                        } catch {
                            return (number, .failure(Refused(number: -1)))
                        }
                    }
                }
                return await group.reduce(into: [Int: Result<Int, Refused>]()) { $0[$1.0] = $1.1 }
            }
            for number in 1...60 {
                let expected: Result<Int, Refused> = number % 7 == 0 ? .failure(Refused(number: number)) : .success(number)
                #expect(results[number] == expected, "write \(number)")
            }
            #expect(try await Self.numbers(sql) == (1...60).filter { $0 % 7 != 0 })
        }
    }

    @Test func aWriteThatLosesARaceOnAKeyIsToldAloneAndTheWinnerCommits() async throws {
        try await withVerityApp { app async throws in
            let db = app.app.db
            let sql = try await Self.probeTable(db)
            // Twenty writers, ten keys: each key has one winner and one loser.
            let outcomes = await withTaskGroup(of: (Int, Bool).self) { group in
                for writer in 0..<20 {
                    group.addTask {
                        let key = writer % 10
                        let won = (try? await db.write { tx in
                            try await (tx as! any SQLDatabase).raw("""
                                INSERT INTO write_probe (number, note) VALUES (\(bind: key), \(bind: "writer \(writer)"))
                                """).run()
                        }) != nil
                        return (key, won)
                    }
                }
                return await group.reduce(into: [Int: [Bool]]()) { $0[$1.0, default: []].append($1.1) }
            }
            #expect(outcomes.count == 10 && outcomes.values.allSatisfy { $0.count == 2 && $0.filter { $0 }.count == 1 })
            #expect(try await Self.numbers(sql) == Array(0..<10))
        }
    }
}
