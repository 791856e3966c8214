import Fluent
import Foundation
import Logging
import VerityCore
import VerityKernel
import VeritySanctions
import VerityStore

/// The `sanctions.folder` job: one read of `VERITY_SANCTIONS_FOLDER`, which
/// imports each list whose files changed. Housekeeping queues one per
/// interval across every server; the queue's lease makes one server run it.
/// The servers' matchers take a new version up without a pause (`SanctionsScreening`).
package struct SanctionsFolderJob: JobHandler {
    let db: any Database
    let clock: VerityClock
    let protector: DataProtector
    let folder: String
    package let logger: Logger

    package var kind: String { SanctionsFolderScanRepository.jobKind }
    package var maximumAttempts: Int { 3 }

    package init(db: any Database, clock: VerityClock, protector: DataProtector, folder: String, logger: Logger) {
        (self.db, self.clock, self.protector, self.folder, self.logger) = (db, clock, protector, folder, logger)
    }

    package func run(subject: UUID) async throws {
        let scans = SanctionsFolderScanRepository(db: db)
        guard let scan = try await scans.scan(id: subject), scan.finishedAt == nil else { return }
        let operations = SanctionsOperations(db: db, clock: clock, protector: protector, screening: SanctionsScreening(pool: nil))
        let report = try await operations.importFolder(folder)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try await scans.finish(id: subject, report: String(decoding: try encoder.encode(report), as: UTF8.self), now: clock.nowMillis())
        for file in report.files where file.outcome != "unchanged" {
            let metadata: Logger.Metadata = ["file": .string(file.name), "list": .string(file.list ?? "-"), "detail": .string(file.detail)]
            switch file.outcome {
            case "imported": logger.notice("sanctions list imported from the folder", metadata: metadata)
            case "refused": logger.error("sanctions list in the folder refused", metadata: metadata)
            default: logger.info("sanctions folder: file \(file.outcome)", metadata: metadata)
            }
        }
    }

    package func gaveUp(subject: UUID, reason: String) async {
        // The next interval reads the folder again: nothing is lost but an interval.
        logger.error("sanctions folder read given up", metadata: ["scan_id": .string(subject.uuidString)])
    }

    /// 1, 2 minutes: the database was busy or away.
    package func retryDelayMilliseconds(afterAttempt attempts: Int) -> Int64 { 60_000 * Int64(attempts) }
}
