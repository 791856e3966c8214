import Fluent
import Foundation
import VerityCore
import VerityStore
import VerityKernel
import VerityOperators

/// An environment's keys for admins: the secret keys a backend uses and
/// the publishable client keys apps ship, listed by prefix; made (the key
/// shown once, then only its hash is kept) and revoked with a reason, each
/// in the audit trail as the operator.
struct ConsoleKeys: Sendable {
    package let db: any Database
    package let clock: VerityClock

    package struct Key: Sendable {
        package let id: UUID
        package let prefix: String
        package let scopes: [String]
        package let createdAt: Int64
        package let revokedAt: Int64?
    }

    struct View: Sendable {
        package let environment: EnvironmentKind
        package let secretKeys: [Key]
        let clientKeys: [Key]
    }

    /// A key just made: the only time it is seen.
    package struct Made: Sendable {
        package let kind: KeyDirectory.Kind
        package let secret: String
    }

    package func view(_ kind: EnvironmentKind, session: OperatorAccounts.Session) async throws -> View {
        let environmentID = try await ConsoleEnvironmentSettings.environment(kind, session: session, db: db).requireID()
        let directory = KeyDirectory(db: db)
        let secret = try await directory.secretKeys(environmentID: environmentID).map {
            Key(id: try $0.requireID(), prefix: $0.displayPrefix, scopes: [], createdAt: $0.createdAt, revokedAt: $0.revokedAt)
        }
        // Demo keys (pk_demo_) answer fixed results and are made with the CLI; they are listed like any other.
        let client = try await directory.clientKeys(environmentID: environmentID).map {
            Key(id: try $0.requireID(), prefix: $0.displayPrefix, scopes: $0.scopes.split(separator: ",").map(String.init),
                createdAt: $0.createdAt, revokedAt: $0.revokedAt)
        }
        return View(environment: kind, secretKeys: secret, clientKeys: client)
    }

    package func make(_ kind: KeyDirectory.Kind, in environmentKind: EnvironmentKind, scopes: [String], reason: String?,
              session: OperatorAccounts.Session) async throws -> Made {
        try ConsoleEnvironmentSettings.requireConfirmedAdmin(session, now: clock.nowMillis())
        let reason = try ConsoleEnvironmentSettings.reason(reason)
        let environment = try await ConsoleEnvironmentSettings.environment(environmentKind, session: session, db: db)
        let now = clock.nowMillis()
        let secret: String
        switch kind {
        case .secret:
            secret = try await TenantRepository(db: db).createKey(for: environment, now: now)
        case .client:
            let products = try Self.products(scopes)
            secret = try await ClientKeyRepository(db: db).create(for: environment, scopes: products, demo: false, now: now)
        }
        let prefix = kind == .secret ? TenantRepository.displayPrefix(secret) : ClientKeyRepository.displayPrefix(secret)
        try await audit(kind == .secret ? "key.create" : "client_key.create", environment: environment, session: session, now: now,
                        reason: "\(reason) (\(prefix)…\(kind == .client ? ", " + scopes.sorted().joined(separator: ",") : ""))")
        return Made(kind: kind, secret: secret)
    }

    package func revoke(_ kind: KeyDirectory.Kind, id text: String?, in environmentKind: EnvironmentKind, reason: String?,
                session: OperatorAccounts.Session) async throws {
        try ConsoleEnvironmentSettings.requireConfirmedAdmin(session, now: clock.nowMillis())
        let reason = try ConsoleEnvironmentSettings.reason(reason)
        guard let id = text.flatMap(UUID.init(uuidString:)) else { throw VerityError(.notFound, "no such key", field: "key") }
        let environment = try await ConsoleEnvironmentSettings.environment(environmentKind, session: session, db: db)
        let environmentID = try environment.requireID(), tenantID = session.tenantID, operatorID = session.operatorID
        let now = clock.nowMillis()
        try await db.write { tx in
            guard let prefix = try await KeyDirectory.revoke(kind, id: id, environmentID: environmentID, now: now, on: tx) else {
                throw VerityError(.notFound, "no live key with this id in this environment", field: "key")
            }
            try await AuditRepository.record(kind == .secret ? "key.revoke" : "client_key.revoke", actor: OperatorAccounts.actor(operatorID),
                                             environmentID: environmentID, userID: nil, now: now, tenantID: tenantID,
                                             reason: "\(reason) (\(prefix)…)", on: tx)
        }
    }

    private func audit(_ action: String, environment: EnvironmentModel, session: OperatorAccounts.Session, now: Int64, reason: String) async throws {
        try await AuditRepository(db: db).record(action, actor: OperatorAccounts.actor(session.operatorID), environmentID: environment.id,
                                                 userID: nil, now: now, tenantID: session.tenantID, reason: reason)
    }

    /// The products a client key may run: at least one, each known.
    package static func products(_ scopes: [String]) throws -> [MobileProduct] {
        let products = scopes.compactMap(MobileProduct.init(rawValue:))
        guard !products.isEmpty, products.count == scopes.count else {
            throw VerityError.invalid("scopes", "choose at least one product")
        }
        return Array(Set(products)).sorted { $0.rawValue < $1.rawValue }
    }
}
