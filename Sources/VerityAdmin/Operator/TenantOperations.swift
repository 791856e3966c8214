import Fluent
import Foundation
import VerityAPI
import VerityCore
import VerityStore
import VerityKernel
import VerityIdentity

/// Tenants and what each environment is set to (`verity keys`,
/// `verity environment`, `verity consent`, `verity audit`).
public struct TenantOperations: OperatorTask {
    package let db: any Database
    package let clock: VerityClock
    let protector: DataProtector

    /// A new secret key for the tenant's environment (the tenant is created if new).
    public func createKey(tenant: String, environment kind: EnvironmentKind) async throws -> String {
        let environment = try await environment(tenant: tenant, kind: kind, create: true)
        return try await EnvironmentKeys(db: db, clock: clock, protector: protector).make(.secret, in: environment, .cli)
    }

    public func revokeKey(_ secret: String) async throws -> Bool {
        try await EnvironmentKeys(db: db, clock: clock, protector: protector).revoke(.secret, secret: secret, within: nil, .cli)
    }

    public func configuration(tenant: String, environment kind: EnvironmentKind) async throws -> EnvironmentConfiguration {
        try await environment(tenant: tenant, kind: kind, create: false).configuration
    }

    /// Changes an environment's settings; the result is validated before it is saved.
    public func updateConfiguration(tenant: String, environment kind: EnvironmentKind,
                                    _ change: (inout EnvironmentConfiguration) -> Void) async throws -> EnvironmentConfiguration {
        let environment = try await environment(tenant: tenant, kind: kind, create: false)
        var configuration = environment.configuration
        change(&configuration)
        _ = try await EnvironmentSettings(db: db, clock: clock).configure(environment, to: configuration, expectedVersion: nil, .cli)
        return environment.configuration
    }

    public func addConsentText(tenant: String, environment kind: EnvironmentKind, locale: String,
                               contentType: String, content: String) async throws {
        let environment = try await environment(tenant: tenant, kind: kind, create: false)
        try await EnvironmentSettings(db: db, clock: clock).addConsentText(environment, locale: locale, contentType: contentType, content: content, .cli)
    }

    /// The newest verification attempts and administrative events of an
    /// environment, with the tenant's own (its operators), newest first.
    public func audit(tenant: String, environment kind: EnvironmentKind, limit: Int) async throws -> [AuditLine] {
        let environment = try await environment(tenant: tenant, kind: kind, create: false)
        let environmentID = try environment.requireID()
        let attempts = try await VerificationRepository(db: db).attempts(environmentID: environmentID, limit: limit).map {
            AuditLine(at: $0.attemptedAt, kind: "attempt", action: "\($0.source):\($0.outcome)",
                      userID: $0.$user.id.uuidString, actor: nil)
        }
        let events = try await AuditRepository(db: db).events(environmentID: environmentID, tenantID: environment.$tenant.id, limit: limit).map {
            AuditLine(at: $0.at, kind: "admin", action: $0.action, userID: $0.userID?.uuidString, actor: $0.actor)
        }
        return Array((attempts + events).sorted { $0.at > $1.at }.prefix(limit))
    }

    static func validTenantName(_ name: String) throws -> String {
        guard (1...64).contains(name.count),
              name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) else {
            throw VerityError.invalid("tenant", "a tenant name is 1–64 letters, digits, '-' or '_'")
        }
        return name
    }
}

/// One line of the audit trail, as operators read it. Ids, codes and times only.
public struct AuditLine: Codable, Sendable {
    public var at: Int64
    public var kind: String
    public var action: String
    public var userID: String?
    public var actor: String?
}
