import Fluent
import Foundation
import SQLKit
import VerityCore

/// An environment's secret keys and publishable client keys as the
/// console lists them (prefixes, never secrets), and their revocation by id
/// within the environment, so a key of another environment is never reached.
public struct KeyDirectory: Sendable {
    let db: any Database

    public init(db: any Database) { self.db = db }

    public func secretKeys(environmentID: UUID) async throws -> [APIKeyModel] {
        try await APIKeyModel.query(on: db).filter(\.$environment.$id == environmentID).sort(\.$createdAt, .descending).limit(200).all()
    }

    public func clientKeys(environmentID: UUID) async throws -> [ClientKeyModel] {
        try await ClientKeyModel.query(on: db).filter(\.$environment.$id == environmentID).sort(\.$createdAt, .descending).limit(200).all()
    }

    public enum Kind: String, Sendable {
        case secret, client
    }

    /// Revokes a live key of the environment; the prefix it had, or nil when
    /// there is no such live key there (revoked already, another environment's, unknown).
    public static func revoke(_ kind: Kind, id: UUID, environmentID: UUID, now: Int64, protector: DataProtector,
                              on tx: any Database) async throws -> String? {
        try await revoke(kind, now: now, protector: protector, on: tx) { $0.where("id", .equal, id).where("environment_id", .equal, environmentID) }?.prefix
    }

    /// A key revoked by its secret: its prefix, and the environment and
    /// tenant it belonged to (for the audit row).
    public struct RevokedBySecret: Sendable {
        public let prefix: String
        public let environmentID: UUID
        public let tenantID: UUID?
    }

    /// Revokes the live key `secret` names, within `environmentID` when given
    /// (a tenant's own request), anywhere otherwise (the operator's CLI), or
    /// nil when no live key matches.
    public static func revoke(_ kind: Kind, secret: String, within environmentID: UUID?, now: Int64, protector: DataProtector,
                              on tx: any Database) async throws -> RevokedBySecret? {
        let revoked = try await revoke(kind, now: now, protector: protector, on: tx) { query in
            let byHash = query.where("key_hash", .equal, DataProtector.hashSecret(secret))
            return environmentID.map { byHash.where("environment_id", .equal, $0) } ?? byHash
        }
        guard let revoked else { return nil }
        let tenantID = try await EnvironmentModel.find(revoked.environmentID, on: tx)?.$tenant.id
        return RevokedBySecret(prefix: revoked.prefix, environmentID: revoked.environmentID, tenantID: tenantID)
    }

    /// The live key the filter finds, revoked and bound again (a key whose
    /// binding had failed stays refused).
    private static func revoke(_ kind: Kind, now: Int64, protector: DataProtector, on tx: any Database,
                               _ find: (SQLSelectBuilder) -> SQLSelectBuilder) async throws -> (prefix: String, environmentID: UUID)? {
        switch kind {
        case .secret: try await revoke(APIKeyModel.self, now: now, protector: protector, on: tx, find)
        case .client: try await revoke(ClientKeyModel.self, now: now, protector: protector, on: tx, find)
        }
    }

    private static func revoke<M: RevocableKey>(_ type: M.Type, now: Int64, protector: DataProtector, on tx: any Database,
                                                _ find: (SQLSelectBuilder) -> SQLSelectBuilder) async throws -> (prefix: String, environmentID: UUID)? {
        let query = find(try tx.sql().select().column("id").from(M.schema).where("revoked_at", .is, SQLLiteral.null))
        guard let id = try await query.first()?.decode(column: "id", as: UUID.self), let key = try await M.find(id, on: tx) else { return nil }
        let held = key.credentialsHold(protector)
        key.revokedAt = now
        key.rebind(held: held, protector)
        try await key.update(on: tx)
        return (key.displayPrefix, key.environmentID)
    }
}

/// What revocation needs of a secret key and a client key alike.
protocol RevocableKey: CredentialBound where IDValue == UUID {
    var revokedAt: Int64? { get set }
    var displayPrefix: String { get }
    var environmentID: UUID { get }
}

extension APIKeyModel: RevocableKey {
    var environmentID: UUID { $environment.id }
}

extension ClientKeyModel: RevocableKey {
    var environmentID: UUID { $environment.id }
}
