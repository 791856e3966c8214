import Fluent
import Foundation
import SQLKit

/// Erases one person (`UserErasureService`): their key first, committed on its own, so everything
/// sealed under it is unreadable at once wherever a copy lies; then every
/// row that is theirs, in one transaction. What must outlive them keeps no
/// trace of who they were: their certificates' serials stay on the CRL
/// (`erased_certificates`), their audit events stay without their id.
public struct PersonErasure: Sendable {
    let db: any Database
    let protector: DataProtector

    public init(db: any Database, protector: DataProtector) {
        self.db = db
        self.protector = protector
    }

    /// What an erasure removed, counted before it went.
    public struct Removed: Sendable, Codable, Equatable {
        public var verificationAttempts = 0
        public var documentChecks = 0
        public var consentEvents = 0
        public var registrations = 0
        public var certificatesRevoked = 0
        public var ocrSessions = 0
        public var webhookEvents = 0
        public var reviewCases = 0
    }

    /// Step one: user `userID`'s key goes, committed on its own.
    public func destroyKey(userID: UUID) async throws {
        try await PersonKeyRepository(db: db, protector: protector).destroy(userID: userID)
    }

    /// Step two, after the caller destroyed what lies outside the database
    /// (level-4 keys in the HSM): every row of user `userID` of environment
    /// `environmentID` goes in one transaction, with the erasure's audit
    /// event, which names nobody (its user id is nil; `reason` carries the
    /// erasure's id).
    public func removeRows(userID: UUID, environmentID: UUID, actor: String, reason: String, now: Int64) async throws -> Removed {
        let tenantID = try await EnvironmentModel.find(environmentID, on: db)?.$tenant.id
        return try await db.write { tx in
            let sql = try tx.sql()
            var removed = Removed()
            removed.verificationAttempts = try await Self.count(sql, "verification_attempts WHERE user_id = ", userID)
            removed.documentChecks = try await Self.count(sql, "document_checks WHERE user_id = ", userID)
            removed.consentEvents = try await Self.count(sql, "consent_events WHERE user_id = ", userID)
            removed.registrations = try await Self.count(sql, "cert_registrations WHERE user_id = ", userID)
            removed.ocrSessions = try await Self.count(sql, "ocr_sessions WHERE user_id = ", userID)
            removed.webhookEvents = try await Self.count(sql, "webhook_events WHERE user_id = ", userID)
            removed.reviewCases = try await Self.count(sql, "review_cases WHERE user_id = ", userID)

            // Certificates: every one with a serial stays revoked on the CRL.
            let certificates = try await sql.raw("""
                SELECT c.serial, c.status, c.revoked_at, c.issuer_ca FROM cert_certificates c
                JOIN cert_registrations r ON r.id = c.registration_id WHERE r.user_id = \(bind: userID)
                """).all()
            for row in certificates {
                guard let serial = try row.decode(column: "serial", as: String?.self) else { continue }
                let revokedAt = try row.decode(column: "revoked_at", as: Int64?.self) ?? now
                if try row.decode(column: "status", as: String.self) != UserCertificateModel.Status.revoked.rawValue {
                    removed.certificatesRevoked += 1
                }
                let issuer = try row.decode(column: "issuer_ca", as: String?.self)
                try await sql.raw("""
                    INSERT INTO erased_certificates (serial, revoked_at, erased_at, issuer_ca)
                    VALUES (\(bind: serial), \(bind: revokedAt), \(bind: now), \(bind: issuer))
                    ON CONFLICT (serial) DO NOTHING
                    """).run()
            }

            // Rows without a foreign key to the user; deliveries before their events.
            try await sql.raw("""
                DELETE FROM webhook_deliveries WHERE event_id IN (SELECT id FROM webhook_events WHERE user_id = \(bind: userID))
                """).run()
            try await sql.raw("DELETE FROM webhook_events WHERE user_id = \(bind: userID)").run()
            try await sql.raw("DELETE FROM review_cases WHERE user_id = \(bind: userID)").run()
            try await sql.raw("DELETE FROM ocr_sessions WHERE user_id = \(bind: userID)").run()
            try await sql.raw("DELETE FROM idempotency_keys WHERE scope_id = \(bind: userID)").run()
            // The trail keeps what was done, not to whom.
            try await sql.raw("UPDATE audit_events SET user_id = NULL WHERE user_id = \(bind: userID)").run()
            // The rest is the user's by foreign keys that cascade; deleted one
            // by one all the same, children first, so nothing depends on how a
            // database was told to treat foreign keys.
            for table in Self.registrationChildren {
                try await sql.raw("""
                    DELETE FROM \(unsafeRaw: table)
                    WHERE registration_id IN (SELECT id FROM cert_registrations WHERE user_id = \(bind: userID))
                    """).run()
            }
            for table in Self.userChildren {
                try await sql.raw("DELETE FROM \(unsafeRaw: table) WHERE user_id = \(bind: userID)").run()
            }
            try await sql.raw("DELETE FROM end_users WHERE id = \(bind: userID)").run()
            // A job that ran meanwhile may have made the user a key again.
            try await sql.raw("DELETE FROM person_keys WHERE user_id = \(bind: userID)").run()
            try await AuditRepository.record("user.erased", actor: actor, environmentID: environmentID, userID: nil, now: now,
                                             tenantID: tenantID, reason: reason, on: tx)
            return removed
        }
    }

    static let registrationChildren = ["cert_transactions", "cert_challenges", "cert_activation_codes",
                                       "cert_accreditation_requests", "cert_certificates"]
    static let userChildren = ["cert_registrations", "cert_device_tokens", "cert_device_codes", "cert_devices", "cert_locks",
                               "access_tokens", "capture_links", "consent_events", "document_checks", "document_verifications",
                               "identity_verifications", "verification_attempts"]

    private static func count(_ sql: any SQLDatabase, _ fromWhere: String, _ userID: UUID) async throws -> Int {
        let row = try await sql.raw("SELECT COUNT(*) AS n FROM \(unsafeRaw: fromWhere)\(bind: userID)").first()
        return try row?.decode(column: "n", as: Int.self) ?? 0
    }
}
