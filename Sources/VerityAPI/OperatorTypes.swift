import Foundation
import VerityWire

/// A console operator as the CLI and the admin API show one: never a password or second-factor secret.
public struct OperatorView: Codable, Sendable, Equatable {
    public var id: UUID
    public var email: String
    public var role: OperatorRole
    /// False once disabled: a disabled operator cannot sign in, and their sessions have ended.
    public var active: Bool
    /// Whether signing in asks for a TOTP code.
    public var secondFactor: Bool
    public var createdAtEpochMs: Int64
    public var lastSignInAtEpochMs: Int64?

    public init(id: UUID, email: String, role: OperatorRole, active: Bool, secondFactor: Bool, createdAtEpochMs: Int64,
                lastSignInAtEpochMs: Int64?) {
        self.id = id
        self.email = email
        self.role = role
        self.active = active
        self.secondFactor = secondFactor
        self.createdAtEpochMs = createdAtEpochMs
        self.lastSignInAtEpochMs = lastSignInAtEpochMs
    }
}

/// What creating an operator, or resetting their password, shows once.
public struct OperatorCredentials: Codable, Sendable {
    public var `operator`: OperatorView
    public var password: String
    /// `otpauth://totp/…` for an authenticator app, when a second factor was set up.
    public var totpURI: String?

    public init(operator: OperatorView, password: String, totpURI: String?) {
        self.operator = `operator`
        self.password = password
        self.totpURI = totpURI
    }
}

/// A new operator: their address and role, and whether signing in asks for a TOTP code.
public struct OperatorInput: Codable, Sendable {
    public var email: String
    public var role: OperatorRole
    public var secondFactor: Bool?

    public init(email: String, role: OperatorRole, secondFactor: Bool? = nil) {
        self.email = email
        self.role = role
        self.secondFactor = secondFactor
    }
}
