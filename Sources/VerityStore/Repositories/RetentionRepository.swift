import Fluent
import Foundation
import SQLKit
import VerityCore

/// The retention sweep's storage: which environments are due this hour
/// (one row each, queued as a job by whichever server gets there first),
/// and the sweep itself, in small batches of its own transactions so
/// requests never wait long behind it and a sweep that dies resumes where
/// it stopped (everything it does is "remove what is past its time").
public struct RetentionRepository: Sendable {
    let db: any Database

    public init(db: any Database) { self.db = db }

    public static let jobKind = "retention.sweep"
    /// One sweep per environment per hour.
    public static let slotMilliseconds: Int64 = 3_600_000
    static let batch = 500
    static let day: Int64 = 86_400_000
    /// Finished sweeps (and their jobs) are kept this long, for `verity retention show`.
    public static let sweepRecordDays: Int64 = 30

    /// What one sweep removed, by kind.
    public struct Removed: Codable, Sendable, Equatable {
        /// Ended checks whose images went.
        public var documentImages = 0
        /// Checks and mobile sessions held for review past `heldImagesDays` whose images went.
        public var heldImages = 0
        /// Ended checks whose evidence went.
        public var documentEvidence = 0
        public var auditEvents = 0
        /// Webhook events that went, with their delivery log.
        public var webhookEvents = 0
        /// People no check has screened for `ScreeningSettings.monitoringDays`: no longer monitored, gone with their alerts.
        public var monitoredSubjects = 0

        public init() {}
    }

    /// Queues this hour's sweep for every environment that has none yet;
    /// returns how many this call queued. Every server calls it each minute:
    /// the unique (environment, hour) row makes one of them win.
    public func schedule(now: Int64) async throws -> Int {
        let slot = now / Self.slotMilliseconds
        // A read first: a minute when every environment is scheduled costs no write.
        let scheduled = Set(try await RetentionSweepModel.query(on: db).filter(\.$slot == slot).all(\.$environmentID))
        var queued = 0
        for environmentID in try await EnvironmentModel.query(on: db).all(\.$id) where !scheduled.contains(environmentID) {
            let won = try await db.write { tx in
                let id = UUID()
                guard try await tx.sql().raw("""
                    INSERT INTO retention_sweeps (id, environment_id, slot, created_at)
                    VALUES (\(bind: id), \(bind: environmentID), \(bind: slot), \(bind: now))
                    ON CONFLICT (environment_id, slot) DO NOTHING RETURNING id
                    """).first() != nil else { return false }
                try await JobQueue.enqueue(kind: Self.jobKind, subject: id, now: now, on: tx)
                return true
            }
            if won { queued += 1 }
        }
        return queued
    }

    public func sweep(id: UUID) async throws -> RetentionSweepModel? {
        try await RetentionSweepModel.find(id, on: db)
    }

    /// An environment's newest sweeps, newest first.
    public func recent(environmentID: UUID, limit: Int) async throws -> [RetentionSweepModel] {
        try await RetentionSweepModel.query(on: db).filter(\.$environmentID == environmentID).sort(\.$slot, .descending)
            .limit(limit).all()
    }

    /// Removes what environment `environmentID` keeps past `settings`, and
    /// records the counts on sweep `sweepID` (nil: a sweep run by hand).
    /// `monitoringDays`: how long a screened person stays under ongoing monitoring (`ScreeningSettings`).
    public func run(environmentID: UUID, settings: RetentionSettings, monitoringDays: Int, now: Int64, sweepID: UUID?) async throws -> Removed {
        var removed = Removed()
        let environment: SQLQueryString = "environment_id = \(bind: environmentID)"
        let anyImage: SQLQueryString = "(sealed_front IS NOT NULL OR sealed_back IS NOT NULL OR sealed_face IS NOT NULL OR sealed_chip IS NOT NULL OR sealed_chip_face IS NOT NULL)"
        let noImages: SQLQueryString = "sealed_front = NULL, sealed_back = NULL, sealed_face = NULL, sealed_chip = NULL, sealed_chip_face = NULL"
        // Ended checks: images past their days (0: what a check that ended somehow still holds).
        let imagesBefore = now - Int64(settings.documentImagesDays) * Self.day
        removed.documentImages = try await inBatches("""
            UPDATE document_checks SET \(noImages) WHERE id IN (
              SELECT id FROM document_checks WHERE \(environment) AND finished_at IS NOT NULL AND finished_at <= \(bind: imagesBefore)
                AND \(anyImage) LIMIT \(unsafeRaw: "\(Self.batch)")) RETURNING id
            """)
        // Held for a reviewer too long: the reviewer decides from the evidence.
        let heldBefore = now - Int64(settings.heldImagesDays) * Self.day
        removed.heldImages = try await inBatches("""
            UPDATE document_checks SET \(noImages) WHERE id IN (
              SELECT id FROM document_checks WHERE \(environment) AND status = \(bind: DocumentCheckStatus.review.rawValue)
                AND created_at <= \(bind: heldBefore) AND \(anyImage) LIMIT \(unsafeRaw: "\(Self.batch)")) RETURNING id
            """)
        // A mobile session's images held for its reviewer: the same days.
        removed.heldImages += try await inBatches("""
            DELETE FROM mobile_review_images WHERE id IN (
              SELECT id FROM mobile_review_images WHERE \(environment) AND held_at <= \(bind: heldBefore)
                LIMIT \(unsafeRaw: "\(Self.batch)")) RETURNING id
            """)
        if let days = settings.documentEvidenceDays {
            removed.documentEvidence = try await inBatches("""
                UPDATE document_checks SET sealed_evidence = NULL WHERE id IN (
                  SELECT id FROM document_checks WHERE \(environment) AND finished_at IS NOT NULL
                    AND finished_at <= \(bind: now - Int64(days) * Self.day) AND sealed_evidence IS NOT NULL
                  LIMIT \(unsafeRaw: "\(Self.batch)")) RETURNING id
                """)
        }
        if let days = settings.auditDays {
            removed.auditEvents = try await inBatches("""
                DELETE FROM audit_events WHERE id IN (
                  SELECT id FROM audit_events WHERE \(environment) AND at <= \(bind: now - Int64(days) * Self.day)
                  LIMIT \(unsafeRaw: "\(Self.batch)")) RETURNING id
                """)
        }
        // Events with nothing left to deliver (no pending delivery, fanned out), with their log.
        let webhookBefore = now - Int64(settings.webhookLogDays) * Self.day
        removed.webhookEvents = try await inBatches("""
            SELECT id FROM webhook_events e WHERE \(environment) AND e.created_at <= \(bind: webhookBefore) AND e.fan_out_pending = 0
              AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = e.id AND d.status = \(literal: WebhookDeliveryModel.Status.pending))
            LIMIT \(unsafeRaw: "\(Self.batch)")
            """, then: { ids, tx in
                try await tx.sql().raw("DELETE FROM webhook_deliveries WHERE event_id IN (\(binds: ids))").run()
                try await tx.sql().raw("DELETE FROM webhook_events WHERE id IN (\(binds: ids))").run()
            })
        // Ongoing screening ends for whoever no check has screened for the monitoring period.
        removed.monitoredSubjects = try await MonitoredSubjectRepository(db: db)
            .purge(environmentID: environmentID, lastSeenBefore: now - Int64(monitoringDays) * Self.day)
        // The sweeps' own records go too, past a month.
        let recordsBefore = now - Self.sweepRecordDays * Self.day
        try await db.write { tx in
            try await tx.sql().raw("""
                DELETE FROM retention_sweeps WHERE \(environment) AND finished_at IS NOT NULL
                  AND slot < \(bind: recordsBefore / Self.slotMilliseconds)
                """).run()
            try await tx.sql().raw("""
                DELETE FROM jobs WHERE kind = \(bind: Self.jobKind) AND status IN (\(literals: [JobStatus.done, .failed])) AND updated_at < \(bind: recordsBefore)
                """).run()
        }
        if let sweepID {
            let counts = String(decoding: try JSONEncoder().encode(removed), as: UTF8.self)
            try await db.write { tx in
                try await RetentionSweepModel.query(on: tx).filter(\.$id == sweepID)
                    .set(\.$finishedAt, to: now).set(\.$removed, to: counts).update()
            }
        }
        return removed
    }

    /// Runs `statement` (… RETURNING id) in transactions of its own until a
    /// batch comes back short; returns how many rows it touched.
    private func inBatches(_ statement: SQLQueryString) async throws -> Int {
        var total = 0
        while true {
            let touched = try await db.write { tx in try await tx.sql().raw(statement).all().count }
            total += touched
            if touched < Self.batch { return total }
        }
    }

    /// Selects a batch of ids with `select`, then hands them to `then` in the same transaction.
    private func inBatches(_ select: SQLQueryString, then: @escaping @Sendable ([UUID], any Database) async throws -> Void) async throws -> Int {
        var total = 0
        while true {
            let touched = try await db.write { tx in
                let ids = try await tx.sql().raw(select).all().map { try $0.decode(column: "id", as: UUID.self) }
                if !ids.isEmpty { try await then(ids, tx) }
                return ids.count
            }
            total += touched
            if touched < Self.batch { return total }
        }
    }
}
