import Fluent
import Foundation
import SQLKit

/// `Idempotency-Key` bookkeeping: the first request with a key claims it, the
/// answer is stored when it is known, and later requests with the key get
/// that answer. Claims are inserts on a unique key, so two servers racing
/// with one key run the work once.
public struct IdempotencyRepository: Sendable {
    let db: any Database

    public init(db: any Database) { self.db = db }

    public static let retentionMilliseconds: Int64 = 24 * 3_600_000

    public enum Claim: Sendable {
        /// This request runs the work.
        case claimed
        /// An earlier request with the key finished: its status and sealed body.
        case answered(status: Int, sealedBody: Data)
        /// An earlier request with the key is still running.
        case inProgress
        /// The key was used for a different request.
        case otherRequest
    }

    public func claim(clientKeyID: UUID, keyHash: String, requestHash: String, now: Int64) async throws -> Claim {
        try await db.write { tx in
            let sql = DocumentCheckRepository.sql(tx)
            try await sql.raw("""
                DELETE FROM idempotency_keys WHERE client_key_id = \(bind: clientKeyID) AND created_at < \(bind: now - Self.retentionMilliseconds)
                """).run()
            let inserted = try await sql.raw("""
                INSERT INTO idempotency_keys (id, client_key_id, key_hash, request_hash, created_at)
                VALUES (\(bind: UUID()), \(bind: clientKeyID), \(bind: keyHash), \(bind: requestHash), \(bind: now))
                ON CONFLICT (client_key_id, key_hash) DO NOTHING RETURNING id
                """).first()
            if inserted != nil { return .claimed }
            guard let row = try await sql.raw("""
                SELECT request_hash, status, sealed_body FROM idempotency_keys
                WHERE client_key_id = \(bind: clientKeyID) AND key_hash = \(bind: keyHash)
                """).first() else { return .inProgress }
            guard try row.decode(column: "request_hash", as: String.self) == requestHash else { return .otherRequest }
            guard let status = try row.decode(column: "status", as: Int?.self),
                  let body = try row.decode(column: "sealed_body", as: Data?.self) else { return .inProgress }
            return .answered(status: status, sealedBody: body)
        }
    }

    /// Keeps the answer of a claimed key.
    public func answer(clientKeyID: UUID, keyHash: String, status: Int, sealedBody: Data) async throws {
        try await db.write { tx in
            try await DocumentCheckRepository.sql(tx).raw("""
                UPDATE idempotency_keys SET status = \(bind: status), sealed_body = \(bind: sealedBody)
                WHERE client_key_id = \(bind: clientKeyID) AND key_hash = \(bind: keyHash)
                """).run()
        }
    }

    /// Gives a claimed key up (the server failed): a retry runs the work again.
    public func release(clientKeyID: UUID, keyHash: String) async throws {
        try await db.write { tx in
            try await DocumentCheckRepository.sql(tx).raw("""
                DELETE FROM idempotency_keys WHERE client_key_id = \(bind: clientKeyID) AND key_hash = \(bind: keyHash)
                """).run()
        }
    }

    /// Housekeeping: every key older than the retention, whichever client key
    /// made it (a key never used again would keep its answers otherwise); returns how many.
    @discardableResult
    public func purge(now: Int64) async throws -> Int {
        try await db.write { tx in
            try await DocumentCheckRepository.sql(tx).raw("""
                DELETE FROM idempotency_keys WHERE created_at < \(bind: now - Self.retentionMilliseconds) RETURNING id
                """).all().count
        }
    }
}
