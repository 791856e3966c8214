import Fluent
import Foundation
import SQLKit

extension UserRepository {
    /// What revoking a user ended.
    public struct RevokedCredentials: Sendable, Equatable {
        public var userTokens = 0
        public var deviceTokens = 0
        public var authenticationSessions = 0
        public var captureLinks = 0
    }

    /// Ends every credential the user holds, in one transaction: their
    /// user tokens, their devices' tokens and the devices' verification
    /// (each must prove itself by SMS again before it gets a token), the sessions their
    /// certificate authenticated, and their capture link.
    public func revokeCredentials(userID: UUID, now: Int64) async throws -> RevokedCredentials {
        try await db.write { tx in
            let sql = try tx.sql()
            var revoked = RevokedCredentials()
            revoked.userTokens = try await AccessTokenModel.query(on: tx)
                .filter(\.$user.$id == userID).filter(\.$revokedAt == nil).filter(\.$expiresAt > now).count()
            try await AccessTokenModel.query(on: tx).filter(\.$user.$id == userID).filter(\.$revokedAt == nil)
                .set(\.$revokedAt, to: now).update()
            revoked.deviceTokens = try await DeviceTokenModel.query(on: tx)
                .filter(\.$user.$id == userID).filter(\.$revokedAt == nil).count()
            try await DeviceTokenRepository.revokeAll(userID: userID, reason: .userRevoked, now: now, on: tx)
            // Nor may a new user token buy a device token for them: each device proves itself by SMS again.
            try await sql.raw("UPDATE cert_devices SET verified_at = NULL WHERE user_id = \(bind: userID)").run()
            let sessions: SQLQueryString = """
                FROM cert_challenges WHERE session_hash IS NOT NULL AND session_expires_at > \(bind: now)
                  AND registration_id IN (SELECT id FROM cert_registrations WHERE user_id = \(bind: userID))
                """
            revoked.authenticationSessions = try await sql.raw("SELECT COUNT(*) AS n " + sessions).first()?.decode(column: "n", as: Int.self) ?? 0
            try await sql.raw("""
                UPDATE cert_challenges SET session_expires_at = \(bind: now)
                WHERE session_hash IS NOT NULL AND session_expires_at > \(bind: now)
                  AND registration_id IN (SELECT id FROM cert_registrations WHERE user_id = \(bind: userID))
                """).run()
            revoked.captureLinks = try await CaptureLinkModel.query(on: tx).filter(\.$user.$id == userID).count()
            try await CaptureLinkRepository.remove(userID: userID, on: tx)
            return revoked
        }
    }
}
