import Fluent
import Foundation
import Logging
import Vapor
import VerityAPI
import VerityCore
import VerityStore

/// Operator tasks the CLI runs against the database directly: tenants and
/// keys, the reference registry, consent texts, environment settings, users.
public struct AdminOperations: Sendable {
    let db: any Database
    let protector: DataProtector
    let clock: VerityClock
    let settings: Settings
    /// The sanctions matcher of these operations (one per CLI run).
    let screening = SanctionsScreening(pool: nil)

    /// `app` is open on the database (`VerityApp.withDatabase` or `configure`).
    public init(app: Application, settings: Settings, clock: VerityClock = .system) throws {
        self.db = app.db
        self.protector = try app.dataProtector
        self.clock = clock
        self.settings = settings
    }

    /// A new secret key for the tenant's environment (the tenant is created if new).
    public func createKey(tenant: String, environment kind: EnvironmentKind) async throws -> String {
        let environment = try await environment(tenant: tenant, kind: kind, create: true)
        let key = try await TenantRepository(db: db).createKey(for: environment, now: clock.nowMillis())
        try await audit("key.create", environmentID: environment.id)
        return key
    }

    public func revokeKey(_ secret: String) async throws -> Bool {
        let revoked = try await TenantRepository(db: db).revokeKey(secret, now: clock.nowMillis())
        if revoked { try await audit("key.revoke", environmentID: nil) }
        return revoked
    }

    /// What the server's minute-by-minute housekeeping does, now (`verity housekeeping`).
    public func housekeeping() async throws -> Housekeeping.Swept {
        let swept = try await Housekeeping(db: db, abandonedAttemptMilliseconds: Int64(settings.abandonedAttemptSeconds) * 1000,
                                       protector: { [protector] in protector }).sweep(now: clock.nowMillis())
        try await audit("housekeeping", environmentID: nil)
        return swept
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

    /// Imports a registry CSV: all rows or none. Throws `RegistryCSV.Problems`
    /// listing every bad row by line number.
    public func importRegistry(csv text: String, progress: @escaping @Sendable (_ done: Int, _ total: Int) -> Void) async throws -> Int {
        let records = try RegistryCSV.parse(text, today: clock.today()).get()
        let total = records.count
        try await ReferenceRegistry(db: db, protector: protector)
            .importRecords(records, now: clock.nowMillis()) { progress($0, total) }
        try await audit("registry.import", environmentID: nil)
        return total
    }

    public func registryCount() async throws -> Int {
        try await ReferenceRegistry(db: db, protector: protector).count()
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

    /// A user token; `phoneNumber` and `email` are filed with the user (sealed) when given.
    public func mintToken(tenant: String, environment kind: EnvironmentKind, userRef: String,
                          ttlSeconds: Int? = nil, phoneNumber: String? = nil, email: String? = nil) async throws -> UserToken {
        try await userService(tenant: tenant, kind: kind) { service, context in
            try await service.mintToken(userRef: userRef, request: UserTokenRequest(ttlSeconds: ttlSeconds, phoneNumber: phoneNumber, email: email),
                                        context: context)
        }
    }

    public func resetUser(tenant: String, environment kind: EnvironmentKind, userRef: String) async throws -> VerifiedIdentity {
        try await userService(tenant: tenant, kind: kind) { service, context in
            try await service.reset(userRef: userRef, context: context)
        }
    }

    /// One document check's evidence (`verity document-checks show`).
    public func documentCheck(tenant: String, environment kind: EnvironmentKind, id: String) async throws -> DocumentCheckDetail {
        let environment = try await environment(tenant: tenant, kind: kind, create: false)
        return try await DocumentCheckDetails(db: db, protector: protector).detail(checkID: id, environmentID: try environment.requireID())
    }

    public func requireMethod(tenant: String, environment kind: EnvironmentKind, userRef: String,
                              method: VerificationMethod) async throws -> VerifiedIdentity {
        try await userService(tenant: tenant, kind: kind) { service, context in
            try await service.setRequiredMethod(userRef: userRef, input: .init(requiredVerificationMethod: method), context: context)
        }
    }

    private func userService<T>(tenant: String, kind: EnvironmentKind,
                                _ body: (AdminUserService, AdminContext) async throws -> T) async throws -> T {
        let environment = try await environment(tenant: tenant, kind: kind, create: false)
        let service = AdminUserService(protector: protector, clock: clock,
                                       tokens: await UserTokenService.make(protector: protector, clock: clock),
                                       defaultTokenTTL: settings.tokenTTLSeconds)
        return try await body(service, cliContext(environment: environment, logger: Logger(label: "verity.cli")))
    }

    /// What an admin request's context holds, for the CLI acting in one
    /// environment: its links point at the configured pages address.
    func cliContext(environment: EnvironmentModel, logger: Logger) -> AdminContext {
        AdminContext(environment: environment, keyPrefix: "cli",
                     scope: RequestScope(db: db, logger: logger, links: CaptureLinkAddresses(baseURL: settings.pagesBaseURL, protector: protector)))
    }

    func cliContext(tenant: String, kind: EnvironmentKind, logger: Logger) async throws -> AdminContext {
        cliContext(environment: try await environment(tenant: tenant, kind: kind, create: false), logger: logger)
    }

    func environment(tenant: String, kind: EnvironmentKind, create: Bool) async throws -> EnvironmentModel {
        let tenants = TenantRepository(db: db)
        if create { _ = try await tenants.ensureTenant(named: try Self.validTenantName(tenant), now: clock.nowMillis()) }
        guard let environment = try await tenants.environment(tenant: tenant, kind: kind) else {
            throw VerityError(.notFound, "no tenant named \(tenant) (create one with `verity keys create`)", field: "tenant")
        }
        return environment
    }

    public func environmentID(tenant: String, kind: EnvironmentKind) async throws -> UUID {
        try await environment(tenant: tenant, kind: kind, create: false).requireID()
    }

    static func validTenantName(_ name: String) throws -> String {
        guard (1...64).contains(name.count),
              name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) else {
            throw VerityError.invalid("tenant", "a tenant name is 1–64 letters, digits, '-' or '_'")
        }
        return name
    }

    func audit(_ action: String, environmentID: UUID?, tenantID: UUID? = nil) async throws {
        try await AuditRepository(db: db).record(action, actor: "cli", environmentID: environmentID, userID: nil, now: clock.nowMillis(),
                                                 tenantID: tenantID)
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

extension AdminOperations {
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
}
