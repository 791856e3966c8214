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
    let db: any Database
    let clock: VerityClock
    let protector: DataProtector

    struct Key: Sendable {
        let id: UUID
        let prefix: String
        let scopes: [String]
        let createdAt: Int64
        let revokedAt: Int64?
    }

    struct View: Sendable {
        let environment: EnvironmentKind
        let secretKeys: [Key]
        let clientKeys: [Key]
    }

    /// A key just made: the only time it is seen.
    struct Made: Sendable {
        let kind: KeyDirectory.Kind
        let secret: String
    }

    func view(_ kind: EnvironmentKind, session: OperatorAccounts.Session) async throws -> View {
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

    func make(_ kind: KeyDirectory.Kind, in environmentKind: EnvironmentKind, scopes: [String], reason: String?,
              session: OperatorAccounts.Session) async throws -> Made {
        try ConsoleEnvironmentSettings.requireConfirmedAdmin(session, now: clock.nowMillis())
        let reason = try ConsoleEnvironmentSettings.reason(reason)
        let environment = try await ConsoleEnvironmentSettings.environment(environmentKind, session: session, db: db)
        let products = kind == .client ? try Self.products(scopes) : []
        let secret = try await keys.make(kind, in: environment, scopes: products, Self.change(session, reason))
        return Made(kind: kind, secret: secret)
    }

    func revoke(_ kind: KeyDirectory.Kind, id text: String?, in environmentKind: EnvironmentKind, reason: String?,
                session: OperatorAccounts.Session) async throws {
        try ConsoleEnvironmentSettings.requireConfirmedAdmin(session, now: clock.nowMillis())
        let reason = try ConsoleEnvironmentSettings.reason(reason)
        guard let id = text.flatMap(UUID.init(uuidString:)) else { throw VerityError(.notFound, "no such key", field: "key") }
        let environment = try await ConsoleEnvironmentSettings.environment(environmentKind, session: session, db: db)
        guard try await keys.revoke(kind, id: id, in: environment, Self.change(session, reason)) else {
            throw VerityError(.notFound, "no live key with this id in this environment", field: "key")
        }
    }

    private var keys: EnvironmentKeys { EnvironmentKeys(db: db, clock: clock, protector: protector) }

    private static func change(_ session: OperatorAccounts.Session, _ reason: String) -> AuditedChange {
        .operator(session.operatorID, reason: reason)
    }

    /// The products a client key may run: at least one, each known.
    static func products(_ scopes: [String]) throws -> [MobileProduct] {
        let products = scopes.compactMap(MobileProduct.init(rawValue:))
        guard !products.isEmpty, products.count == scopes.count else {
            throw VerityError.invalid("scopes", "choose at least one product")
        }
        return Array(Set(products)).sorted { $0.rawValue < $1.rawValue }
    }
}
