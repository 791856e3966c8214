import Fluent
import Foundation
import VerityAPI
import VerityCore
import VerityStore
import VerityKernel
import VerityOperators

/// Console operators from the CLI (`verity operators …`): the same accounts
/// the console signs in and the admin API manages.
public struct OperatorOperations: OperatorTask {
    package let db: any Database
    package let clock: VerityClock
    let protector: DataProtector
    /// The bcrypt cost of new passwords (`Settings.operatorPasswordCost`).
    let passwordCost: Int

    var operatorAccounts: OperatorAccounts { OperatorAccounts(db: db, protector: protector, clock: clock, cost: passwordCost) }

    /// A new operator of `tenant`; the password (generated unless given) and
    /// the second factor's `otpauth://` address are shown once.
    public func createOperator(tenant: String, email: String, role: OperatorRole, password: String?, secondFactor: Bool) async throws -> OperatorCredentials {
        let tenantID = try await tenantID(named: tenant)
        return try await operatorAccounts.create(tenantID: tenantID, email: email, role: role, password: password, secondFactor: secondFactor, .cli)
    }

    public func list(tenant: String) async throws -> [OperatorView] {
        try await operatorAccounts.list(tenantID: try await tenantID(named: tenant))
    }

    /// Disables (signing them out everywhere) or enables an operator.
    public func setOperatorActive(tenant: String, id: String, active: Bool) async throws -> OperatorView {
        let tenantID = try await tenantID(named: tenant)
        return try await operatorAccounts.setActive(active, operatorID: try Self.operatorID(id), tenantID: tenantID, .cli)
    }

    /// A new generated password, shown once; the operator is signed out everywhere.
    public func resetOperatorPassword(tenant: String, id: String) async throws -> OperatorCredentials {
        let tenantID = try await tenantID(named: tenant)
        return try await operatorAccounts.resetPassword(operatorID: try Self.operatorID(id), tenantID: tenantID, .cli)
    }

    /// A new second factor, its `otpauth://` address shown once; the operator's sessions and known browsers end.
    public func resetOperatorSecondFactor(tenant: String, id: String) async throws -> SecondFactorReset {
        let tenantID = try await tenantID(named: tenant)
        return try await operatorAccounts.resetSecondFactor(operatorID: try Self.operatorID(id), tenantID: tenantID, .cli)
    }

    package static func operatorID(_ text: String) throws(VerityError) -> UUID {
        guard let id = UUID(uuidString: text) else { throw VerityError.invalid("operatorId", "an operator id is a UUID") }
        return id
    }
}
