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
    public static func revoke(_ kind: Kind, id: UUID, environmentID: UUID, now: Int64, on tx: any Database) async throws -> String? {
        let table = kind == .secret ? APIKeyModel.schema : ClientKeyModel.schema
        return try await tx.sql().raw("""
            UPDATE \(ident: table) SET revoked_at = \(bind: now)
            WHERE id = \(bind: id) AND environment_id = \(bind: environmentID) AND revoked_at IS NULL RETURNING display_prefix
            """).first()?.decode(column: "display_prefix", as: String.self)
    }

    /// Revokes the live key `secret` names, within `environmentID` when given
    /// (a tenant's own request), anywhere otherwise (the operator's CLI): its
    /// prefix and environment, or nil when no live key matches.
    public static func revoke(_ kind: Kind, secret: String, within environmentID: UUID?, now: Int64,
                              on tx: any Database) async throws -> (prefix: String, environmentID: UUID)? {
        let table = kind == .secret ? APIKeyModel.schema : ClientKeyModel.schema
        let hash = DataProtector.hashSecret(secret)
        var query: SQLQueryString = "UPDATE \(ident: table) SET revoked_at = \(bind: now) WHERE key_hash = \(bind: hash) AND revoked_at IS NULL"
        if let environmentID { query += " AND environment_id = \(bind: environmentID)" }
        query += " RETURNING display_prefix, environment_id"
        let row = try await tx.sql().raw(query).first()
        guard let row else { return nil }
        return (try row.decode(column: "display_prefix", as: String.self), try row.decode(column: "environment_id", as: UUID.self))
    }
}
