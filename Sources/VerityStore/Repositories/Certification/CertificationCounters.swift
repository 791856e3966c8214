import Fluent
import Foundation
import SQLKit

/// The certification writes that must be atomic across servers: each is one
/// conditional UPDATE ... RETURNING, so two requests racing for the last
/// guess or the same activation code cannot both win.
public struct CertificationCounters: Sendable {
    let db: any Database

    public init(db: any Database) { self.db = db }

    /// Spends one guess on an open SMS code; the guesses spent before this
    /// one, or nil when the code is closed or has none left.
    public func spendGuess(codeID: UUID, maximum: Int) async throws -> Int? {
        return try await db.write { tx in
            let sql = try tx.sql()
            return try await sql.raw("""
                UPDATE cert_device_codes SET attempts = attempts + 1
                WHERE id = \(bind: codeID) AND closed_at IS NULL AND attempts < \(bind: maximum)
                RETURNING attempts
                """).first().map { try $0.decode(column: "attempts", as: Int.self) - 1 }
        }
    }

    /// Adds one wrong SMS code to the user's run; the new run length.
    public func addWrongCode(userID: UUID) async throws -> Int {
        try await increment("wrong_codes", userID: userID)
    }

    /// Adds one wrong activation code or level-4 password to the user's run; the new run length.
    public func addWrongSecret(userID: UUID) async throws -> Int {
        try await increment("wrong_secrets", userID: userID)
    }

    private func increment(_ column: String, userID: UUID) async throws -> Int {
        try await db.write { tx in
            let sql = try tx.sql()
            try await sql.raw("""
                INSERT INTO cert_locks (id, user_id, wrong_codes, wrong_secrets) VALUES (\(bind: UUID()), \(bind: userID), 0, 0)
                ON CONFLICT (user_id) DO NOTHING
                """).run()
            guard let row = try await sql.raw("""
                UPDATE cert_locks SET \(unsafeRaw: column) = \(unsafeRaw: column) + 1 WHERE user_id = \(bind: userID)
                RETURNING \(unsafeRaw: column) AS count
                """).first() else { return 0 }
            return try row.decode(column: "count", as: Int.self)
        }
    }

    /// Marks an unused, live challenge used; false when it was answered already or expired.
    public func useChallenge(id: UUID, now: Int64) async throws -> Bool {
        return try await db.write { tx in
            let sql = try tx.sql()
            return try await sql.raw("""
                UPDATE cert_challenges SET used_at = \(bind: now)
                WHERE id = \(bind: id) AND used_at IS NULL AND expires_at > \(bind: now) RETURNING id
                """).first() != nil
        }
    }
}
