import Fluent
import Foundation
import VerityAPI
import VerityCore
import VerityStore
import VerityOperators
import VerityKernel

/// A tenant's operators for its admins: listed; made (the password, and the
/// second factor's address, shown once); disabled, enabled, and given a new
/// password or second factor, each with a reason in the audit trail as the
/// admin, who must have proved themselves within the last few minutes. An admin
/// cannot disable themselves (the tenant would risk having no admin left to
/// undo it); another admin can.
struct ConsoleOperators: Sendable {
    let accounts: OperatorAccounts

    enum Action: String, Sendable, CaseIterable {
        case disable, enable
        case resetPassword = "reset_password"
        /// A new authenticator secret, for an operator who lost theirs.
        case resetSecondFactor = "reset_second_factor"
    }

    /// What an action shows once: a new password, or a new second factor's address.
    enum Shown: Sendable {
        case password(OperatorCredentials)
        case secondFactor(SecondFactorReset)
    }

    func list(session: OperatorAccounts.Session) async throws -> [OperatorView] {
        try ConsoleEnvironmentSettings.requireAdmin(session)
        return try await accounts.list(tenantID: session.tenantID)
    }

    func create(email: String?, role text: String?, secondFactor: Bool, reason: String?, session: OperatorAccounts.Session) async throws
        -> OperatorCredentials {
        try ConsoleEnvironmentSettings.requireConfirmedAdmin(session, now: accounts.clock.nowMillis())
        let reason = try ConsoleEnvironmentSettings.reason(reason)
        guard let role = text.flatMap(OperatorRole.init(rawValue:)) else { throw VerityError.invalid("role", "viewer, reviewer or admin") }
        let email = (email ?? "").trimmingCharacters(in: .whitespaces)
        guard !email.isEmpty, email.count <= 254 else { throw VerityError.invalid("operatorEmail", "an e-mail address") }
        let created: OperatorCredentials
        do {
            created = try await accounts.create(tenantID: session.tenantID, email: email, role: role, password: nil, secondFactor: secondFactor,
                                                .operator(session.operatorID, reason: reason))
        } catch let error as VerityError where error.field == "email" {
            throw VerityError(error.code, error.message, field: "operatorEmail")
        }
        return created
    }

    /// Returns the new password or second factor of a reset (shown once), nil for the other actions.
    func act(_ action: Action, id text: String?, reason: String?, session: OperatorAccounts.Session) async throws -> Shown? {
        try ConsoleEnvironmentSettings.requireConfirmedAdmin(session, now: accounts.clock.nowMillis())
        let reason = try ConsoleEnvironmentSettings.reason(reason)
        guard let id = text.flatMap(UUID.init(uuidString:)) else { throw VerityError(.notFound, "no such operator", field: "operator") }
        if action == .disable, id == session.operatorID {
            throw VerityError(.validationError, "you cannot disable yourself", field: "self")
        }
        let change = AuditedChange.operator(session.operatorID, reason: reason)
        switch action {
        case .disable, .enable:
            _ = try await accounts.setActive(action == .enable, operatorID: id, tenantID: session.tenantID, change)
            return nil
        case .resetPassword:
            return .password(try await accounts.resetPassword(operatorID: id, tenantID: session.tenantID, change))
        case .resetSecondFactor:
            return .secondFactor(try await accounts.resetSecondFactor(operatorID: id, tenantID: session.tenantID, change))
        }
    }
}
