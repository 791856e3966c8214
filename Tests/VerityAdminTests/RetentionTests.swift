import Fluent
import Foundation
import Logging
import SQLKit
import Testing
@testable import VerityCore
@testable import VerityStore
import VerityTestSupport
@testable import VerityKernel
@testable import VerityAdmin

/// Retention on SQLite and PostgreSQL: each environment's periods, enforced
/// by an hourly sweep that every server schedules and one runs.
@Suite("Retention: what an environment keeps past its periods is erased by one server's hourly sweep")
struct RetentionTests {
    static let day: Int64 = 86_400_000
    static let image = Data("sealed image bytes".utf8)

    @Test func theHourlySweepErasesWhatIsPastItsTimeOnceAndNothingElse() async throws {
        try await withVerityApp { app async throws in
            let db = app.app.db
            try await app.configure {
                $0.retention = RetentionSettings(documentImagesDays: 7, heldImagesDays: 3, documentEvidenceDays: 30, auditDays: 365,
                                                 webhookLogDays: 10)
                $0.screening.monitoringDays = 30
            }
            let environmentID = try await app.operations.tenants.environmentID(tenant: "acme", kind: .test)
            _ = try await app.token(for: "kept-a-while")
            let userID = try #require(try await EndUserModel.query(on: db).first()?.id)
            // The middle of an hour, whatever the time of day: a minute later is the same hour's sweep.
            let hour = RetentionRepository.slotMilliseconds
            app.clock.advance(milliseconds: hour - app.clock.now % hour + hour / 2)
            let now = app.clock.now
            // Checks: (id, status, submitted days ago, ended days ago, images, evidence)
            let checks: [(String, DocumentCheckStatus, Int64, Int64?, Bool, Bool)] = [
                ("imagesPast", .succeeded, 9, 8, true, true),
                ("imagesKept", .failed, 7, 6, true, true),
                ("evidencePast", .succeeded, 32, 31, false, true),
                ("heldPast", .review, 4, nil, true, true),
                ("heldKept", .review, 2, nil, true, true),
            ]
            var ids: [String: UUID] = [:]
            for (name, status, submitted, ended, images, evidence) in checks {
                let check = DocumentCheckModel()
                check.id = UUID()
                check.$user.id = userID
                check.environmentID = environmentID
                check.flow = .capture
                check.documentType = .driverLicense
                check.country = "US"
                check.status = status
                check.createdAt = now - submitted * Self.day
                check.finishedAt = ended.map { now - $0 * Self.day }
                if images { (check.sealedFront, check.sealedBack, check.sealedFace) = (Self.image, Self.image, Self.image) }
                if evidence { check.sealedEvidence = Data("sealed evidence".utf8) }
                try await check.create(on: db)
                ids[name] = check.id
            }
            let audit = AuditRepository(db: db)
            try await audit.record("old.action", actor: "cli", environmentID: environmentID, userID: nil, now: now - 366 * Self.day)
            try await audit.record("recent.action", actor: "cli", environmentID: environmentID, userID: nil, now: now - 10 * Self.day)
            let events = try await webhookEvents(app, environmentID: environmentID, now: now)
            // People kept under monitoring: one no check has screened for 40 days (past the 30), one screened 10 days ago.
            let tenantID = try await TenantRepository(db: db).tenantID(environmentID: environmentID)
            for (name, seen) in [("GONE PERSON", Int64(40)), ("KEPT PERSON", 10)] {
                let subject = MonitoredSubject(name: name)
                try await db.write { tx in
                    try await MonitoredSubjectRepository.remember(subject, personIndex: name, tenantID: tenantID, environmentID: environmentID,
                                                                  source: .init(kind: "verifycompliance", id: UUID()),
                                                                  sealer: try app.app.dataProtector, now: now - seen * Self.day, on: tx)
                }
            }
            // A sweep of two months ago, finished: its record has served its time.
            let old = RetentionSweepModel()
            old.environmentID = environmentID
            old.slot = (now - 60 * Self.day) / RetentionRepository.slotMilliseconds
            old.createdAt = now - 60 * Self.day
            old.finishedAt = now - 60 * Self.day
            try await old.create(on: db)

            // Two servers schedule the same hour: one sweep per environment is queued.
            let environments = try await EnvironmentModel.query(on: db).count()
            #expect(try await RetentionRepository(db: db).schedule(now: now) == environments)
            #expect(try await RetentionRepository(db: db).schedule(now: now + 60_000) == 0)
            #expect(try await JobQueue(db: db).stats(now: now).first { $0.kind == RetentionRepository.jobKind }?.queued == environments)

            // One of the servers leases the sweep and dies; another finishes it once its lease runs out.
            _ = try await JobQueue(db: db).lease(kinds: [RetentionRepository.jobKind], now: now, leaseMilliseconds: 60_000)
            let workers = [worker(app), worker(app)]
            app.clock.advance(seconds: 61)
            async let first: Void = workers[0].drain()
            async let second: Void = workers[1].drain()
            _ = await (first, second)

            var after: [String: DocumentCheckModel] = [:]
            for (name, id) in ids { after[name] = try #require(try await DocumentCheckModel.find(id, on: db)) }
            #expect(after["imagesPast"]?.sealedFront == nil && after["imagesPast"]?.sealedFace == nil)
            #expect(after["imagesPast"]?.sealedEvidence != nil, "evidence is kept 30 days")
            #expect(after["imagesKept"]?.sealedFront == Self.image)
            #expect(after["evidencePast"]?.sealedEvidence == nil)
            #expect(after["heldPast"]?.sealedFront == nil && after["heldPast"]?.status == .review)
            #expect(after["heldKept"]?.sealedBack == Self.image)
            let actions = try await AuditEventModel.query(on: db).filter(\.$environmentID == environmentID).all().map(\.action)
            #expect(!actions.contains("old.action") && actions.contains("recent.action"))
            let left = Set(try await WebhookEventModel.query(on: db).all().compactMap(\.id))
            #expect(!left.contains(events.delivered) && left.contains(events.pending) && left.contains(events.recent))
            #expect(try await DatabaseText.count(app, "SELECT COUNT(*) AS n FROM webhook_deliveries WHERE event_id = '\(events.delivered.uuidString.lowercased())'") == 0)

            #expect(try await RetentionSweepModel.find(old.id, on: db) == nil, "a month's records are kept, not more")
            // The sweep recorded what it removed; the next hour is a sweep of its own.
            let sweep = try #require(try await RetentionRepository(db: db).recent(environmentID: environmentID, limit: 1).first)
            #expect(sweep.finishedAt != nil)
            let removed = try JSONDecoder().decode(RetentionRepository.Removed.self, from: Data(try #require(sweep.removed).utf8))
            #expect(removed.documentImages == 1 && removed.heldImages == 1 && removed.documentEvidence == 1)
            #expect(removed.auditEvents == 1 && removed.webhookEvents == 1 && removed.monitoredSubjects == 1)
            #expect(try await MonitoredSubjectModel.query(on: db).all().map(\.personIndex) == ["KEPT PERSON"])
            #expect(try await RetentionRepository(db: db).schedule(now: now + RetentionRepository.slotMilliseconds) == environments)
        }
    }

    @Test func periodsOutOfRangeAreRefusedAndImagesCanBeKeptAfterACheck() throws {
        var settings = RetentionSettings()
        #expect(!settings.keepsImagesAfterCheck, "by default images go when the check ends")
        settings.documentImagesDays = 1825
        #expect(try settings.validated().keepsImagesAfterCheck)
        for bad in [RetentionSettings(documentImagesDays: -1), RetentionSettings(heldImagesDays: 0),
                    RetentionSettings(documentImagesDays: 30, documentEvidenceDays: 10), RetentionSettings(auditDays: 30),
                    RetentionSettings(webhookLogDays: 5000)] {
            #expect(throws: VerityError.self) { try bad.validated() }
        }
        // A configuration stored before retention existed reads with the defaults.
        var object = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(EnvironmentConfiguration())) as? [String: Any])
        object["retention"] = nil
        let stored = try JSONDecoder().decode(EnvironmentConfiguration.self, from: try JSONSerialization.data(withJSONObject: object))
        #expect(stored.retention == RetentionSettings())
    }

    private func worker(_ app: VerityTestApp) -> JobWorker {
        let worker = JobWorker(db: app.app.db, clock: app.clock.verityClock, logger: Logger(label: "test"))
        worker.register(RetentionSweeper(db: app.app.db, clock: app.clock.verityClock, logger: Logger(label: "test")))
        return worker
    }

    /// An endpoint with three events: one old and delivered, one old with a
    /// delivery still pending, one recent and delivered.
    private func webhookEvents(_ app: VerityTestApp, environmentID: UUID, now: Int64) async throws
        -> (delivered: UUID, pending: UUID, recent: UUID) {
        let sql = app.app.db as! any SQLDatabase
        let endpoint = UUID()
        try await sql.raw("""
            INSERT INTO webhook_endpoints (id, environment_id, url, event_types, secret_sealed, status, created_at)
            VALUES (\(bind: endpoint), \(bind: environmentID), 'https://example.org/hook', '*', \(bind: Data([1])), 'enabled', \(bind: now))
            """).run()
        var ids: [UUID] = []
        for (age, status) in [(Int64(11), "delivered"), (11, "pending"), (2, "delivered")] {
            let event = UUID()
            try await sql.raw("""
                INSERT INTO webhook_events (id, environment_id, type, data, created_at)
                VALUES (\(bind: event), \(bind: environmentID), 'capture_link.opened', \(bind: Data("{}".utf8)), \(bind: now - age * Self.day))
                """).run()
            try await sql.raw("""
                INSERT INTO webhook_deliveries (id, event_id, endpoint_id, status, attempts, created_at)
                VALUES (\(bind: UUID()), \(bind: event), \(bind: endpoint), \(bind: status), 1, \(bind: now - age * Self.day))
                """).run()
            ids.append(event)
        }
        return (ids[0], ids[1], ids[2])
    }
}
