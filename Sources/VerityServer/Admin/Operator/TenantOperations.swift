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
    package let protector: DataProtector

    /// A new secret key for the tenant's environment (the tenant is created if new).
    public func createKey(tenant: String, environment kind: EnvironmentKind) async throws -> String {
        let environment = try await environment(tenant: tenant, kind: kind, create: true)
        return try await EnvironmentKeys(db: db, clock: clock, protector: protector).make(.secret, in: environment, .init(actor: "cli"))
    }

    public func revokeKey(_ secret: String) async throws -> Bool {
        try await EnvironmentKeys(db: db, clock: clock, protector: protector).revoke(.secret, secret: secret, within: nil, .init(actor: "cli"))
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
        try await TenantRepository(db: db).updateConfiguration(configuration, of: environment)
        try await audit("environment.configure", environmentID: environment.id)
        return environment.configuration
    }

    public func addConsentText(tenant: String, environment kind: EnvironmentKind, locale: String,
                               contentType: String, content: String) async throws {
        guard ConsentContentSelector.isValidLocale(locale) else { throw VerityError.invalid("locale", "locale must look like en-US") }
        guard ConsentContentSelector.isValidContentType(contentType) else {
            throw VerityError.invalid("contentType", "content type must look like text/plain")
        }
        guard !content.isEmpty, content.utf8.count <= ConsentService.maxContentBytes else {
            throw VerityError.invalid("content", "content must be 1 to \(ConsentService.maxContentBytes) bytes")
        }
        let environment = try await environment(tenant: tenant, kind: kind, create: false)
        _ = try await ConsentRepository(db: db).addText(
            environmentID: try environment.requireID(), locale: ConsentContentSelector.normalizeLocale(locale),
            contentType: contentType.lowercased(), content: content, now: clock.nowMillis())
        try await audit("consent.text.add", environmentID: environment.id)
    }

    /// The newest verification attempts and administrative events of an
    /// environment, newest first.
    public func audit(tenant: String, environment kind: EnvironmentKind, limit: Int) async throws -> [AuditLine] {
        let environmentID = try await environmentID(tenant: tenant, kind: kind)
        let attempts = try await VerificationRepository(db: db).attempts(environmentID: environmentID, limit: limit).map {
            AuditLine(at: $0.attemptedAt, kind: "attempt", action: "\($0.source):\($0.outcome)",
                      userID: $0.$user.id.uuidString, actor: nil)
        }
        let events = try await AuditRepository(db: db).events(environmentID: environmentID, limit: limit).map {
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
