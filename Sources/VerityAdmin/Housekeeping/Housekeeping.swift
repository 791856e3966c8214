import Fluent
import Foundation
import VerityCore
import VerityStore
import VerityIdentity

/// What outlives its use and must go, server-wide: mobile sessions idle past
/// their environment's limit for their product (expired: the sealed images and
/// state they hold erased), ended ones past the environment's result retention, and
/// Idempotency-Key answers past their 24 hours, console sessions and devices
/// past their end; then SQLite's write-ahead log
/// is emptied, so erased rows leave the disk too; and each environment's
/// hourly retention sweep is queued (`RetentionSweeper` runs it); PII attempts
/// a dead server left charged and unsettled are given back; what older
/// releases sealed is bound to its place (`SealBinding`). Requests already purge their
/// own environment's sessions; this sweep reaches environments nobody calls.
/// Every server may run it at once: it only deletes what is past its time.
public struct Housekeeping: Sendable {
    let db: any Database
    /// `Settings.abandonedAttemptSeconds`, in milliseconds.
    let abandonedAttemptMilliseconds: Int64
    /// The protector, once the database is open (sealing what older releases kept in clear).
    let protector: @Sendable () throws -> DataProtector

    /// `VERITY_SANCTIONS_FOLDER_MINUTES` when a sanctions folder is set: its read is queued once an interval.
    let sanctionsFolderMinutes: Int?

    public init(db: any Database, abandonedAttemptMilliseconds: Int64, sanctionsFolderMinutes: Int? = nil,
                protector: @escaping @Sendable () throws -> DataProtector) {
        self.db = db
        self.abandonedAttemptMilliseconds = abandonedAttemptMilliseconds
        self.sanctionsFolderMinutes = sanctionsFolderMinutes
        self.protector = protector
    }

    public struct Swept: Sendable, Equatable, Codable {
        public var mobileSessions = 0
        public var idempotencyKeys = 0
        public var ocrSessions = 0
        public var rateLimitWindows = 0
        /// Capture links that lapsed (their users told by `capture_link.expired`).
        public var captureLinksLapsed = 0
        /// Environments whose retention sweep for this hour this call queued (another server may have).
        public var retentionSweepsQueued = 0
        /// Certificates (and CSRs) an older release kept in clear, now sealed.
        public var certificatesSealed = 0
        /// Finished mobile sessions whose images an older release left in the row, cleared
        /// (moved to the reviewer's copy when a case is still open).
        public var mobileImagesMoved = 0
        /// Sealed values from before issue 47 bound to their place (`SealBinding`).
        public var sealsBound = 0
        /// Operators from before issue 67 whose credentials were bound to their row (`CredentialBinding`).
        public var credentialsBound = 0
        /// PII attempts a dead server left unsettled, given back as unanswered.
        public var abandonedAttempts = 0
        /// Console sessions and known devices past their end, and sign-in failures no longer counted.
        public var operatorSignIns = 0
        /// Whether this call queued this interval's read of the sanctions folder (another server may have).
        public var sanctionsFolderQueued = false
    }

    public func sweep(now: Int64) async throws -> Swept {
        var swept = Swept()
        let sessions = MobileSessionRepository(db: db)
        // No environment allows less than a minute of idleness or a day of retention: that is where to look.
        for id in try await sessions.environmentsWithSessions(idleSince: now - 60_000, endedSince: now - 86_400_000) {
            let settings = try await TenantRepository(db: db).environment(id: id)?.configuration.mobile ?? MobileSettings()
            swept.mobileSessions += try await sessions.purge(environmentID: id, settings: settings, now: now)
        }
        swept.idempotencyKeys = try await IdempotencyRepository(db: db).purge(now: now)
        swept.ocrSessions = try await OCRSessionRepository(db: db).purge(expiredBefore: now)
        swept.rateLimitWindows = try await RateLimitRepository(db: db).purge(now: now)
        swept.operatorSignIns = try await OperatorSignInRepository(db: db).purge(now: now)
            + OperatorRepository(db: db).purgeSessions(now: now, idleMilliseconds: OperatorRepository.sessionIdleMilliseconds)
        swept.captureLinksLapsed = try await CaptureLinkLapses(db: db).sweep(now: now)
        try await ChipChallengeRepository(db: db).removeExpired(before: now - 3_600_000)
        swept.abandonedAttempts = try await VerificationRepository(db: db).settleAbandoned(
            chargedBefore: now - abandonedAttemptMilliseconds, now: now)
        // The sanctions folder: read once an interval by one server's job worker.
        if let sanctionsFolderMinutes {
            swept.sanctionsFolderQueued = try await SanctionsFolderScanRepository(db: db).schedule(now: now, intervalMinutes: sanctionsFolderMinutes)
        }
        // Retention is heavier: queued once an hour per environment, run by one server's job worker.
        swept.retentionSweepsQueued = try await RetentionRepository(db: db).schedule(now: now)
        // Certificates and CSRs an older release kept in clear: sealed under their holders' keys.
        swept.certificatesSealed = try await UserCertificateRepository(db: db).sealLegacy(protector: try protector(), now: now)
        // Mobile images an older release left in a finished session's row: to the reviewer's copy, or gone.
        swept.mobileImagesMoved = try await MobileReviewImageRepository(db: db).moveLegacy(protector: try protector())
        // Then every sealed value bound to its place (one row read once all are).
        swept.sealsBound = try await SealBinding(db: db, protector: try protector()).run(now: now).bound
        // Operators made before their credentials were bound: bound once, then a row with none is refused.
        swept.credentialsBound = try await CredentialBinding.bindLegacy(db: db, protector: try protector(), now: now)
        // What sessions and settled checks erased (their sealed images) also
        // leaves SQLite's write-ahead log here, at least once a minute.
        try await VerityDatabase.emptyWriteAheadLog(db)
        return swept
    }
}
