import Foundation

/// `POST /admin/v1/client-keys`: a publishable key for the secret key's environment.
public struct ClientKeyRequest: Codable, Sendable, Equatable {
    /// Products the key may run: verifyhuman, verifyage, verifyidentity, verifycompliance.
    public var scopes: [String]
    /// A `pk_demo_…` key: fixed answers, no credits.
    public var demo: Bool?

    public init(scopes: [String], demo: Bool? = nil) {
        self.scopes = scopes
        self.demo = demo
    }
}

/// A new publishable key: the only time it is shown.
public struct ClientKeyCreated: Codable, Sendable, Equatable {
    public var clientKey: String
    public var kind: String
    public var scopes: [String]

    public init(clientKey: String, kind: String, scopes: [String]) {
        self.clientKey = clientKey
        self.kind = kind
        self.scopes = scopes
    }
}

/// `POST /admin/v1/client-keys/revoke`.
public struct ClientKeyRevocation: Codable, Sendable, Equatable {
    public var clientKey: String

    public init(clientKey: String) { self.clientKey = clientKey }
}

public struct ClientKeyRevoked: Codable, Sendable, Equatable {
    public var revoked: Bool

    public init(revoked: Bool) { self.revoked = revoked }
}

/// `GET /admin/v1/credits`: the environment's balance and latest ledger rows.
public struct CreditStatement: Codable, Sendable, Equatable {
    public struct Entry: Codable, Sendable, Equatable {
        public var delta: Int64
        public var balanceAfter: Int64
        public var reason: String
        public var reference: String?
        public var createdAtEpochMs: Int64

        public init(delta: Int64, balanceAfter: Int64, reason: String, reference: String?, createdAtEpochMs: Int64) {
            self.delta = delta
            self.balanceAfter = balanceAfter
            self.reason = reason
            self.reference = reference
            self.createdAtEpochMs = createdAtEpochMs
        }
    }

    public var balance: Int64
    public var entries: [Entry]

    public init(balance: Int64, entries: [Entry]) {
        self.balance = balance
        self.entries = entries
    }
}

/// `POST /admin/v1/mobile/tokens/verify`: a VerifyHuman pass token the app sent its backend.
public struct MobileTokenCheck: Codable, Sendable, Equatable {
    public var token: String

    public init(token: String) { self.token = token }
}

/// Whether the token is good: signed by this server, for this environment,
/// not expired, not redeemed before (it is single-use).
public struct MobileTokenVerdict: Codable, Sendable, Equatable {
    public var valid: Bool
    /// When not valid: `malformed`, `other_environment`, `expired` or `already_used`.
    public var reason: String?
    public var verificationId: String?
    public var product: String?
    public var outcome: String?

    public init(valid: Bool, reason: String? = nil, verificationId: String? = nil, product: String? = nil, outcome: String? = nil) {
        self.valid = valid
        self.reason = reason
        self.verificationId = verificationId
        self.product = product
        self.outcome = outcome
    }
}
