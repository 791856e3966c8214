import Fluent
import Foundation
import SQLKit

/// The environments' HMAC keys for signed engine responses, sealed.
public struct ResponseSigningKeyRepository: Sendable {
    let db: any Database

    public init(db: any Database) {
        self.db = db
    }

    /// Makes `sealedKey` the environment's key, replacing any earlier one in the same transaction.
    public func replace(environmentID: UUID, sealedKey: Data, now: Int64) async throws {
        try await db.write { tx in
            let sql = DocumentCheckRepository.sql(tx)
            try await sql.raw("DELETE FROM response_signing_keys WHERE environment_id = \(bind: environmentID)").run()
            try await sql.raw("""
                INSERT INTO response_signing_keys (id, environment_id, sealed_hmac_key, created_at)
                VALUES (\(bind: UUID()), \(bind: environmentID), \(bind: sealedKey), \(bind: now))
                """).run()
        }
    }

    /// The environment's sealed key, or nil before `verity keys hmac`.
    public func sealedKey(environmentID: UUID) async throws -> Data? {
        try await DocumentCheckRepository.sql(db).raw("""
            SELECT sealed_hmac_key FROM response_signing_keys WHERE environment_id = \(bind: environmentID)
            """).first()?.decode(column: "sealed_hmac_key", as: Data.self)
    }
}
