import Fluent
import Foundation
import SQLKit

/// The environments' HMAC keys for signed engine responses, sealed.
public struct ResponseSigningKeyRepository: Sendable {
    let db: any Database

    public init(db: any Database) {
        self.db = db
    }

    /// Makes `key` the environment's key, sealed to its row, replacing any
    /// earlier one in the same transaction.
    public func replace(environmentID: UUID, key: Data, protector: DataProtector, now: Int64) async throws {
        let id = UUID()
        let sealedKey = try protector.seal(key, at: .of(.responseSigningKey, id))
        try await db.write { tx in
            let sql = try tx.sql()
            try await sql.raw("DELETE FROM response_signing_keys WHERE environment_id = \(bind: environmentID)").run()
            try await sql.raw("""
                INSERT INTO response_signing_keys (id, environment_id, sealed_hmac_key, created_at)
                VALUES (\(bind: id), \(bind: environmentID), \(bind: sealedKey), \(bind: now))
                """).run()
        }
    }

    /// The environment's key, or nil before `verity keys hmac`.
    public func key(environmentID: UUID, protector: DataProtector) async throws -> Data? {
        guard let row = try await db.sql().raw("""
            SELECT id, sealed_hmac_key FROM response_signing_keys WHERE environment_id = \(bind: environmentID)
            """).first() else { return nil }
        return try protector.open(try row.decode(column: "sealed_hmac_key", as: Data.self),
                                  at: .of(.responseSigningKey, try row.decode(column: "id", as: UUID.self)))
    }
}
