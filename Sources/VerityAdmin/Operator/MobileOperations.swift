import Fluent
import Foundation
import VerityCore
import VerityStore
import VerityKernel

/// What the operator's `verity keys create --publishable` and `verity credits` do.
public struct MobileOperations: OperatorTask {
    package let db: any Database
    package let clock: VerityClock
    let protector: DataProtector

    /// A publishable client key for the mobile API (`pk_demo_…` when `demo`).
    public func createClientKey(tenant: String, environment kind: EnvironmentKind, scopes: [MobileProduct],
                                demo: Bool) async throws -> String {
        let environment = try await environment(tenant: tenant, kind: kind, create: true)
        return try await EnvironmentKeys(db: db, clock: clock, protector: protector).make(.client, in: environment, scopes: scopes, demo: demo, .cli)
    }

    public func revokeClientKey(_ key: String) async throws -> Bool {
        try await EnvironmentKeys(db: db, clock: clock, protector: protector).revoke(.client, secret: key, within: nil, .cli)
    }

    /// Adds credits to the environment; returns the new balance.
    public func grantCredits(tenant: String, environment kind: EnvironmentKind, amount: Int64, note: String?) async throws -> Int64 {
        let environment = try await environment(tenant: tenant, kind: kind, create: false)
        let balance = try await CreditLedger(db: db).grant(environmentID: try environment.requireID(), amount: amount,
                                                           note: note, now: clock.nowMillis())
        try await audit("credits.grant", environmentID: environment.id)
        return balance
    }

    /// The balance and the newest ledger rows.
    public func credits(tenant: String, environment kind: EnvironmentKind, entries: Int = 20) async throws
        -> (balance: Int64, entries: [CreditLedgerEntryModel]) {
        let environment = try await environment(tenant: tenant, kind: kind, create: false)
        let ledger = CreditLedger(db: db)
        let id = try environment.requireID()
        return (try await ledger.balance(environmentID: id), try await ledger.entries(environmentID: id, limit: entries))
    }
}
