import Fluent
import Foundation
import VerityCore
import VerityStore

/// An environment's keys (secret `vk_…` and publishable `vhk_…`/`pk_demo_…`),
/// made and revoked one way whichever door asks: the admin API, the CLI or
/// the console. Each change writes the same audit row (`key.create`,
/// `key.revoke`, `client_key.create`, `client_key.revoke`) with who asked and
/// why, in the change's own transaction: a key is never made or revoked
/// without its row.
package struct EnvironmentKeys: Sendable {
    let db: any Database
    let clock: VerityClock
    /// Binds each key to its row (`CredentialBinding`).
    let protector: DataProtector

    /// A new key for `environment`, shown this once; a client key runs `scopes` (a demo one in test environments only).
    package func make(_ kind: KeyDirectory.Kind, in environment: EnvironmentModel, scopes: [MobileProduct] = [], demo: Bool = false,
                      _ change: AuditedChange) async throws -> String {
        let now = clock.nowMillis()
        let environmentID = try environment.requireID(), tenantID = environment.$tenant.id
        return try await db.write { tx in
            let secret: String
            var detail: String
            switch kind {
            case .secret:
                secret = try await TenantRepository.insertKey(for: environment, now: now, protector: protector, on: tx)
                detail = TenantRepository.displayPrefix(secret) + "…"
            case .client:
                secret = try await ClientKeyRepository.insert(for: environment, scopes: scopes, demo: demo, now: now, protector: protector, on: tx)
                detail = ClientKeyRepository.displayPrefix(secret) + "…, " + scopes.map(\.rawValue).sorted().joined(separator: ",")
            }
            if demo { detail += ", demo" }
            try await AuditRepository.record(Self.action(kind, "create"), actor: change.actor, environmentID: environmentID, userID: nil,
                                             now: now, tenantID: tenantID, reason: change.reason(with: detail), on: tx)
            return secret
        }
    }

    /// Revokes the live key with this id in the environment; false when there is none there.
    package func revoke(_ kind: KeyDirectory.Kind, id: UUID, in environment: EnvironmentModel, _ change: AuditedChange) async throws -> Bool {
        let now = clock.nowMillis()
        let environmentID = try environment.requireID(), tenantID = environment.$tenant.id
        return try await db.write { tx in
            guard let prefix = try await KeyDirectory.revoke(kind, id: id, environmentID: environmentID, now: now, protector: protector, on: tx) else { return false }
            try await AuditRepository.record(Self.action(kind, "revoke"), actor: change.actor, environmentID: environmentID, userID: nil,
                                             now: now, tenantID: tenantID, reason: change.reason(with: prefix + "…"), on: tx)
            return true
        }
    }

    /// Revokes the live key `secret` is, within `environmentID` when given (a
    /// tenant's own request), wherever it is otherwise (the operator's CLI);
    /// false when no live key matches.
    package func revoke(_ kind: KeyDirectory.Kind, secret: String, within environmentID: UUID?, _ change: AuditedChange) async throws -> Bool {
        let now = clock.nowMillis()
        return try await db.write { tx in
            guard let revoked = try await KeyDirectory.revoke(kind, secret: secret, within: environmentID, now: now, protector: protector, on: tx) else { return false }
            try await AuditRepository.record(Self.action(kind, "revoke"), actor: change.actor, environmentID: revoked.environmentID,
                                             userID: nil, now: now, tenantID: revoked.tenantID, reason: change.reason(with: revoked.prefix + "…"), on: tx)
            return true
        }
    }

    static func action(_ kind: KeyDirectory.Kind, _ verb: String) -> String { (kind == .secret ? "key." : "client_key.") + verb }


    package init(db: any Database, clock: VerityClock, protector: DataProtector) {
        self.db = db
        self.clock = clock
        self.protector = protector
    }
}
