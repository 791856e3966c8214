import Fluent
import Foundation
import SQLKit
import Testing
@testable import VerityCore
@testable import VerityStore
import VerityTestSupport

/// Credits on SQLite and PostgreSQL: many charges at once spend each credit
/// once, never below zero, each with its ledger row.
@Suite("Credit ledger under concurrency")
struct CreditLedgerTests {
    @Test func twoHundredConcurrentChargesAgainstAHundredCreditsChargeExactlyAHundred() async throws {
        try await withVerityApp { app async throws in
            let operations = try app.operations
            _ = try await operations.mobile.grantCredits(tenant: app.tenant, environment: .test, amount: 100, note: "test")
            let environmentID = try #require(try await TenantRepository(db: app.app.db).environment(tenant: app.tenant, kind: .test)?.id)
            let db = app.app.db
            // 200 charges from 8 concurrent workers, as many as one event loop's
            // PostgreSQL pool has connections (`db` is one loop's): every charge
            // of one balance waits for the row's lock while holding its
            // connection, so more workers only queue for the pool (10 s), which
            // ran out on a loaded machine with 16.
            // SQLite writes one at a time anyway (`SerializedWrites`) on one
            // connection per event loop, which the rest of the suite shares:
            // 4 workers race as well there, without queueing past the pool's wait.
            let workers = (db as? any SQLDatabase)?.dialect.name == "sqlite" ? 4 : 8
            let outcomes = try await withThrowingTaskGroup(of: [Bool].self) { group in
                for worker in 0..<workers {
                    group.addTask {
                        var results: [Bool] = []
                        for index in stride(from: worker, to: 200, by: workers) {
                            do {
                                try await db.write { tx in
                                    try await CreditLedger.charge(environmentID: environmentID, amount: 1, reason: "verifyhuman",
                                                                  reference: "charge-\(index)", now: 1, on: tx)
                                }
                                results.append(true)
                            } catch let error as VerityError where error.code == .creditsExhausted {
                                results.append(false)
                            }
                        }
                        return results
                    }
                }
                return try await group.reduce(into: [Bool]()) { $0 += $1 }
            }
            #expect(outcomes.count == 200)
            #expect(outcomes.filter { $0 }.count == 100)
            let ledger = CreditLedger(db: db)
            #expect(try await ledger.balance(environmentID: environmentID) == 0)
            let rows = try await CreditLedgerEntryModel.query(on: db).filter(\.$environmentID == environmentID).all()
            #expect(rows.filter { $0.delta == -1 }.count == 100 && rows.filter { $0.delta == 100 }.count == 1)
            // Each charge saw its own balance: 99 down to 0, each once.
            #expect(rows.filter { $0.delta == -1 }.map(\.balanceAfter).sorted() == Array(0...99).map(Int64.init))
        }
    }

    @Test func grantsOutsideTheirRangeAreRefused() async throws {
        try await withVerityApp { app async throws in
            for amount: Int64 in [0, -5, 10_000_001] {
                await #expect(throws: VerityError.self) {
                    _ = try await app.operations.mobile.grantCredits(tenant: app.tenant, environment: .test, amount: amount, note: nil)
                }
            }
            #expect(try await app.operations.mobile.credits(tenant: app.tenant, environment: .test).balance == 0)
        }
    }
}
