import Fluent
import Foundation
import Logging
import VerityCore
import VerityStore
import VerityKernel

/// The `retention.sweep` job: one environment's hourly sweep of what it
/// keeps past its retention (`RetentionSettings`). Any server may run it;
/// the queue's lease makes one do so at a time, and a sweep whose server
/// died is leased again and resumes (everything it does is idempotent).
package struct RetentionSweeper: JobHandler {
    let db: any Database
    let clock: VerityClock
    package let logger: Logger

    package var kind: String { RetentionRepository.jobKind }
    package var maximumAttempts: Int { 5 }

    package func run(subject: UUID) async throws {
        let repository = RetentionRepository(db: db)
        guard let sweep = try await repository.sweep(id: subject), sweep.finishedAt == nil,
              let environment = try await TenantRepository(db: db).environment(id: sweep.environmentID) else { return }
        let removed = try await repository.run(environmentID: sweep.environmentID, settings: environment.configuration.retention,
                                               monitoringDays: environment.configuration.screening.monitoringDays, now: clock.nowMillis(),
                                               sweepID: subject)
        guard removed != RetentionRepository.Removed() else { return }
        // Erased images and rows leave SQLite's write-ahead log now.
        try await VerityDatabase.emptyWriteAheadLog(db)
        logger.info("retention sweep", metadata: [
            "environment_id": .string(sweep.environmentID.uuidString),
            "document_images": .stringConvertible(removed.documentImages), "held_images": .stringConvertible(removed.heldImages),
            "document_evidence": .stringConvertible(removed.documentEvidence), "audit_events": .stringConvertible(removed.auditEvents),
            "webhook_events": .stringConvertible(removed.webhookEvents), "monitored_subjects": .stringConvertible(removed.monitoredSubjects),
        ])
    }

    package func gaveUp(subject: UUID, reason: String) async {
        // The next hour's sweep does the same work: nothing is lost but an hour.
        logger.error("retention sweep given up", metadata: ["sweep_id": .string(subject.uuidString)])
    }

    /// 1, 2, 3 … minutes: the database was busy or away.
    package func retryDelayMilliseconds(afterAttempt attempts: Int) -> Int64 { 60_000 * Int64(attempts) }

    package init(db: any Database, clock: VerityClock, logger: Logger) {
        self.db = db
        self.clock = clock
        self.logger = logger
    }
}
