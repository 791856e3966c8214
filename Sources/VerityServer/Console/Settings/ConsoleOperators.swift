import Fluent
import Foundation
import VerityAPI
import VerityCore
import VerityStore
import VerityOperators

/// A tenant's operators for its admins: listed; made (the password, and the
/// second factor's address, shown once); disabled, enabled, and given a new
/// password, each with a reason in the audit trail as the admin. An admin
/// cannot disable themselves (the tenant would risk having no admin left to
/// undo it); another admin can.
struct ConsoleOperators: Sendable {
    package let accounts: OperatorAccounts

    enum Action: String, Sendable, CaseIterable {
        case disable, enable
        case resetPassword = "reset_password"
    }

    package func list(session: OperatorAccounts.Session) async throws -> [OperatorView] {
        try ConsoleEnvironmentSettings.requireAdmin(session)
        return try await accounts.list(tenantID: session.tenantID)
    }

    package func create(email: String?, role text: String?, secondFactor: Bool, reason: String?, session: OperatorAccounts.Session) async throws
        -> OperatorCredentials {
        try ConsoleEnvironmentSettings.requireAdmin(session)
        let reason = try ConsoleEnvironmentSettings.reason(reason)
        guard let role = text.flatMap(OperatorRole.init(rawValue:)) else { throw VerityError.invalid("role", "viewer, reviewer or admin") }
        let email = (email ?? "").trimmingCharacters(in: .whitespaces)
        guard !email.isEmpty, email.count <= 254 else { throw VerityError.invalid("operatorEmail", "an e-mail address") }
        let created: OperatorCredentials
        do {
            created = try await accounts.create(tenantID: session.tenantID, email: email, role: role, password: nil, secondFactor: secondFactor)
        } catch let error as VerityError where error.field == "email" {
            throw VerityError(error.code, error.message, field: "operatorEmail")
        }
        try await accounts.audit("operator.create", operatorID: session.operatorID, tenantID: session.tenantID,
                                 reason: "\(reason) (\(created.operator.email), \(role.rawValue)\(secondFactor ? ", second factor" : ""))")
        return created
    }

    /// Returns the new credentials of a password reset (shown once), nil for the other actions.
    func act(_ action: Action, id text: String?, reason: String?, session: OperatorAccounts.Session) async throws -> OperatorCredentials? {
        try ConsoleEnvironmentSettings.requireAdmin(session)
        let reason = try ConsoleEnvironmentSettings.reason(reason)
        guard let id = text.flatMap(UUID.init(uuidString:)) else { throw VerityError(.notFound, "no such operator", field: "operator") }
        if action == .disable, id == session.operatorID {
            throw VerityError(.validationError, "you cannot disable yourself", field: "self")
        }
        let result: OperatorCredentials?
        let email: String
        switch action {
        case .disable, .enable:
            email = try await accounts.setActive(action == .enable, operatorID: id, tenantID: session.tenantID).email
            result = nil
        case .resetPassword:
            let reset = try await accounts.resetPassword(operatorID: id, tenantID: session.tenantID)
            email = reset.operator.email
            result = reset
        }
        try await accounts.audit("operator.\(action.rawValue)", operatorID: session.operatorID, tenantID: session.tenantID,
                                 reason: "\(reason) (\(email))")
        return result
    }
}
