import Fluent
import Foundation
import SQLKit
import VerityCore

/// An environment's credits. The balance moves only by a conditional UPDATE
/// (never below zero) with its ledger row in the same transaction, so
/// concurrent charges on any number of servers spend each credit once.
public struct CreditLedger: Sendable {
    let db: any Database

    public init(db: any Database) { self.db = db }

    public func balance(environmentID: UUID) async throws -> Int64 {
        let row = try await db.sql()
            .raw("SELECT balance FROM credit_balances WHERE environment_id = \(bind: environmentID)").first()
        return try row?.decode(column: "balance", as: Int64.self) ?? 0
    }

    /// Adds `amount` (1…10,000,000) credits; returns the new balance.
    public func grant(environmentID: UUID, amount: Int64, note: String?, now: Int64) async throws -> Int64 {
        guard (1...10_000_000).contains(amount) else { throw VerityError.invalid("amount", "grant 1 to 10,000,000 credits") }
        return try await db.write { tx in
            let sql = try tx.sql()
            try await sql.raw("""
                INSERT INTO credit_balances (environment_id, balance, updated_at) VALUES (\(bind: environmentID), 0, \(bind: now))
                ON CONFLICT (environment_id) DO NOTHING
                """).run()
            let row = try await sql.raw("""
                UPDATE credit_balances SET balance = balance + \(bind: amount), updated_at = \(bind: now)
                WHERE environment_id = \(bind: environmentID) RETURNING balance
                """).first()
            let balance = try row?.decode(column: "balance", as: Int64.self) ?? amount
            try await Self.record(environmentID: environmentID, delta: amount, balance: balance, reason: "grant",
                                  reference: note, now: now, on: tx)
            return balance
        }
    }

    /// Takes `amount` credits for `reason` (a product) in the caller's
    /// transaction `tx`, or throws `CREDITS_EXHAUSTED` and takes nothing.
    public static func charge(environmentID: UUID, amount: Int64, reason: String, reference: String, now: Int64,
                              on tx: any Database) async throws {
        let row = try await tx.sql().raw("""
            UPDATE credit_balances SET balance = balance - \(bind: amount), updated_at = \(bind: now)
            WHERE environment_id = \(bind: environmentID) AND balance >= \(bind: amount) RETURNING balance
            """).first()
        guard let row else {
            throw VerityError(.creditsExhausted, "this environment has fewer than \(amount) credits left: ask your account owner to add credits")
        }
        try await record(environmentID: environmentID, delta: -amount, balance: try row.decode(column: "balance", as: Int64.self),
                         reason: reason, reference: reference, now: now, on: tx)
    }

    /// The newest ledger rows first.
    public func entries(environmentID: UUID, limit: Int = 20) async throws -> [CreditLedgerEntryModel] {
        try await CreditLedgerEntryModel.query(on: db).filter(\.$environmentID == environmentID)
            .sort(\.$createdAt, .descending).limit(limit).all()
    }

    static func record(environmentID: UUID, delta: Int64, balance: Int64, reason: String, reference: String?, now: Int64,
                       on tx: any Database) async throws {
        let entry = CreditLedgerEntryModel()
        entry.environmentID = environmentID
        entry.delta = delta
        entry.balanceAfter = balance
        entry.reason = reason
        entry.reference = reference
        entry.createdAt = now
        try await entry.create(on: tx)
    }
}
