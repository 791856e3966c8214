import Fluent
import Foundation
import SQLKit
import VerityCore

/// The people an environment keeps screening, and what re-screens found for
/// them. A subject is one row a person an environment (by the keyed index of
/// `SanctionsPerson.key`), sealed: under the person's key for a user of the
/// identity API (crypto-erasure reaches it), under the data key otherwise.
public struct MonitoredSubjectRepository: Sendable {
    let db: any Database

    public init(db: any Database) { self.db = db }

    /// Who screened a subject last.
    public struct Source: Sendable, Equatable {
        /// `verifycompliance`, `identity` or `documents`.
        public let kind: String
        public let id: UUID
        public let userID: UUID?

        public init(kind: String, id: UUID, userID: UUID? = nil) {
            (self.kind, self.id, self.userID) = (kind, id, userID)
        }
    }

    /// Keeps `subject` under screening in `environmentID` (or refreshes it, and
    /// the check that last screened it), inside the caller's transaction.
    public static func remember(_ subject: MonitoredSubject, personIndex: String, tenantID: UUID, environmentID: UUID, source: Source,
                                sealer: any PlaceSealing, now: Int64, on tx: any Database) async throws {
        let existing = try await MonitoredSubjectModel.query(on: tx).filter(\.$environmentID == environmentID)
            .filter(\.$personIndex == personIndex).first()
        let row = existing ?? MonitoredSubjectModel()
        let id = existing?.id ?? UUID()
        row.id = id
        (row.tenantID, row.environmentID, row.personIndex, row.source, row.sourceID, row.userID) =
            (tenantID, environmentID, personIndex, source.kind, source.id, source.userID ?? existing?.userID)
        row.sealedSubject = try sealer.seal(json: subject, at: .of(.monitoredSubject, id))
        row.lastSeenAt = now
        if existing == nil {
            row.createdAt = now
            try await row.create(on: tx)
        } else {
            try await row.update(on: tx)
        }
    }

    /// A subject as a re-screen reads it: a plain row, no model reflection
    /// (a re-screen walks every subject of the server).
    public struct Subject: Sendable {
        public let id: UUID
        public let tenantID: UUID
        public let environmentID: UUID
        public let personIndex: String
        public let source: String
        public let sourceID: UUID
        public let userID: UUID?
        public let sealedSubject: Data
        public let createdAt: Int64
        public let lastSeenAt: Int64
    }

    /// A page of subjects after `after` (by id), for a re-screen to walk every one once.
    public func page(after: UUID?, limit: Int) async throws -> [Subject] {
        var query: SQLQueryString = """
            SELECT id, tenant_id, environment_id, person_index, source, source_id, user_id, sealed_subject, created_at, last_seen_at
            FROM monitored_subjects
            """
        if let after { query += " WHERE id > \(bind: after)" }
        query += " ORDER BY id LIMIT \(literal: limit)"
        return try await db.sql().raw(query).all().map { row in
            Subject(id: try row.decode(column: "id", as: UUID.self), tenantID: try row.decode(column: "tenant_id", as: UUID.self),
                    environmentID: try row.decode(column: "environment_id", as: UUID.self),
                    personIndex: try row.decode(column: "person_index", as: String.self), source: try row.decode(column: "source", as: String.self),
                    sourceID: try row.decode(column: "source_id", as: UUID.self), userID: try row.decode(column: "user_id", as: UUID?.self),
                    sealedSubject: try row.decode(column: "sealed_subject", as: Data.self),
                    createdAt: try row.decode(column: "created_at", as: Int64.self), lastSeenAt: try row.decode(column: "last_seen_at", as: Int64.self))
        }
    }

    /// Subjects not screened since `before` in `environmentID`: past their monitoring, deleted with their alerts.
    public func purge(environmentID: UUID, lastSeenBefore before: Int64) async throws -> Int {
        try await db.write { tx in
            let stale = try await MonitoredSubjectModel.query(on: tx).filter(\.$environmentID == environmentID)
                .filter(\.$lastSeenAt < before).all(\.$id)
            guard !stale.isEmpty else { return 0 }
            try await MonitoringAlertModel.query(on: tx).filter(\.$subjectID ~~ stale).delete()
            try await MonitoredSubjectModel.query(on: tx).filter(\.$id ~~ stale).delete()
            return stale.count
        }
    }
}

extension MonitoredSubjectRepository {
    /// A listed entry a re-screen found, kept once per subject, entry and
    /// content: `nil` when it was found before (whatever became of it), so
    /// the same entry alerts again only when the entry itself changes.
    public static func alert(subject: Subject, finding: MonitoringFinding, fingerprint: String, versionID: UUID,
                             sealer: any PlaceSealing, now: Int64, on tx: any Database) async throws -> UUID? {
        let id = UUID()
        let sealed = try sealer.seal(json: finding, at: .of(.monitoringFinding, id))
        let inserted = try await tx.sql().raw("""
            INSERT INTO monitoring_alerts (id, subject_id, tenant_id, environment_id, list, entry_id, entry_fingerprint, version_id, state,
              sealed_found, created_at, updated_at)
            VALUES (\(bind: id), \(bind: subject.id), \(bind: subject.tenantID), \(bind: subject.environmentID),
              \(bind: finding.match.list), \(bind: finding.match.entryID), \(bind: fingerprint), \(bind: versionID),
              \(literal: MonitoringAlertState.open), \(bind: sealed),
              \(bind: now), \(bind: now))
            ON CONFLICT (subject_id, list, entry_id, entry_fingerprint) DO NOTHING RETURNING id
            """).all().first   // stepped to its end: an INSERT … RETURNING left open keeps the table from the next write

        return inserted == nil ? nil : id
    }

    /// An alert of `environmentID` (a case's), with the subject it is about; nil when either is gone.
    public func alert(id: UUID, environmentID: UUID) async throws -> (alert: MonitoringAlertModel, subject: MonitoredSubjectModel)? {
        guard let alert = try await MonitoringAlertModel.query(on: db).filter(\.$id == id).filter(\.$environmentID == environmentID).first(),
              let subject = try await MonitoredSubjectModel.find(alert.subjectID, on: db) else { return nil }
        return (alert, subject)
    }

    /// A reviewer's answer to an alert: `cleared` or `confirmed`, from `open`
    /// (or `delisted`, the entry gone meanwhile); false when already answered.
    public static func settle(alertID: UUID, to state: MonitoringAlertState, now: Int64, on tx: any Database) async throws -> Bool {
        let settled = try await tx.sql().raw("""
            UPDATE monitoring_alerts SET state = \(literal: state), updated_at = \(bind: now)
            WHERE id = \(bind: alertID) AND state IN (\(literals: [MonitoringAlertState.open, .delisted])) RETURNING id
            """).all()
        return !settled.isEmpty
    }

    /// The case an alert opened, kept with it (the alert is written first: the case names it).
    public static func attach(caseID: UUID, toAlert alertID: UUID, on tx: any Database) async throws {
        try await MonitoringAlertModel.query(on: tx).filter(\.$id == alertID).set(\.$caseID, to: caseID).update()
    }

    /// How many alerts opened a case: what a benchmark checks a re-screen by.
    public func alertsWithCase() async throws -> Int {
        try await MonitoringAlertModel.query(on: db).filter(\.$caseID != nil).count()
    }

    /// The alerts on entries a version removed: noted as no longer listed (open and confirmed ones; a cleared one stays cleared).
    public static func delisted(list: String, entryIDs: [Int], now: Int64, on tx: any Database) async throws -> [MonitoringAlertModel] {
        guard !entryIDs.isEmpty else { return [] }
        let alerts = try await MonitoringAlertModel.query(on: tx).filter(\.$list == list).filter(\.$entryID ~~ entryIDs)
            .filter(\.$state ~~ [MonitoringAlertState.open, .confirmed]).all()
        for alert in alerts {
            alert.state = .delisted
            alert.updatedAt = now
            try await alert.update(on: tx)
        }
        return alerts
    }
}
