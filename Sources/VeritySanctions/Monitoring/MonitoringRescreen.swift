import Fluent
import Foundation
import Logging
import VerityAPI
import VerityCore
import VerityKernel
import VerityStore
import VerityWebhooks

/// The `sanctions.rescreen` job: a list's new version screened against every
/// person kept under monitoring (of the list's tenant, for a watchlist), on
/// what it added and changed only, weighed as the whole lists weigh words.
/// A new candidate, unless a reviewer cleared that person of that entry as it
/// stands, is kept once (`monitoring_alerts`), opens a case and sends
/// `screening.match_found`, in one transaction; the entries it removed mark
/// their alerts as no longer listed. Runs again safely: what was found once is
/// found, not kept, the second time.
package struct MonitoringRescreen: JobHandler {
    let db: any Database
    let clock: VerityClock
    let protector: DataProtector
    let screening: SanctionsScreening
    let wake: WebhookWake?
    package let logger: Logger

    package var kind: String { SanctionsRepository.rescreenJobKind }
    package var maximumAttempts: Int { 5 }
    static let pageSize = 500

    package init(db: any Database, clock: VerityClock, protector: DataProtector, screening: SanctionsScreening, wake: WebhookWake?, logger: Logger) {
        (self.db, self.clock, self.protector, self.screening, self.wake, self.logger) = (db, clock, protector, screening, wake, logger)
    }

    /// What one run did.
    package struct Outcome: Sendable, Equatable {
        package var screened = 0
        package var alerts = 0
        package var delisted = 0
    }

    package func run(subject: UUID) async throws { _ = try await rescreen(versionID: subject) }

    package func rescreen(versionID: UUID) async throws -> Outcome {
        var outcome = Outcome()
        let repository = SanctionsRepository(db: db, protector: protector)
        guard let (version, key) = try await repository.version(id: versionID) else { return outcome }
        let list = key.list
        let diff = try await repository.diff(versionID: versionID)
        let now = clock.nowMillis()
        outcome.delisted = try await db.write { tx in
            try await MonitoredSubjectRepository.delisted(list: list, entryIDs: diff.removed.map(\.id), now: now, on: tx).count
        }
        guard !diff.screenable.isEmpty else { return outcome }
        let listVersion = version.listVersion
        let changes = SanctionsMatcher(entries: diff.screenable, versions: [list: listVersion], weighing: try await screening.matcher(db: db))
        let screenable = Dictionary(diff.screenable.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let fingerprints = try screenable.mapValues(SanctionsClearanceRepository.fingerprint)
        var lists: [UUID: Set<String>?] = [:]   // each environment's choice, read once
        let today = clock.today(graceDays: 1)
        var after: UUID?
        while true {
            let page = try await MonitoredSubjectRepository(db: db).page(after: after, limit: Self.pageSize)
            guard let last = page.last else { break }
            after = last.id
            for subject in page where key.tenantID == nil || subject.tenantID == key.tenantID {
                let chosen: Set<String>?
                if let known = lists[subject.environmentID] {
                    chosen = known
                } else {
                    // Kept as `.some(nil)` too: every list, the default, is read once like any other choice.
                    chosen = try await TenantRepository(db: db).environment(id: subject.environmentID)?.configuration.screening.chosen
                    lists[subject.environmentID] = .some(chosen)
                }
                guard chosen?.contains(list) ?? true else { continue }
                let person = try protector.open(json: MonitoredSubject.self, from: subject.sealedSubject, at: .of(.monitoredSubject, subject.id))
                outcome.screened += 1
                var best: [Int: SanctionsMatcher.Match] = [:]
                for query in person.queries(today: today, lists: nil) {
                    for match in changes.screen(query) where match.score > (best[match.entryID]?.score ?? 0) { best[match.entryID] = match }
                }
                guard !best.isEmpty else { continue }
                let cleared = try await SanctionsClearanceRepository(db: db).clearances(tenantID: subject.tenantID, personIndex: subject.personIndex)
                for match in best.values.sorted(by: { $0.entryID < $1.entryID }) {
                    guard let entry = screenable[match.entryID], let fingerprint = fingerprints[match.entryID],
                          !cleared.contains(.init(entryID: match.entryID, fingerprint: fingerprint)) else { continue }
                    let finding = MonitoringFinding(match: match, entry: entry)
                    if try await keep(finding, fingerprint: fingerprint, subject: subject, versionID: versionID, listVersion: listVersion) {
                        outcome.alerts += 1
                    }
                }
            }
        }
        logger.info("sanctions re-screen", metadata: ["list": .string(list), "version": .stringConvertible(version.version),
                                                      "screened": .stringConvertible(outcome.screened), "alerts": .stringConvertible(outcome.alerts),
                                                      "delisted": .stringConvertible(outcome.delisted)])
        return outcome
    }

    /// The alert, its case and its event, once: false when it was found before.
    func keep(_ finding: MonitoringFinding, fingerprint: String, subject: MonitoredSubjectRepository.Subject, versionID: UUID,
              listVersion: SanctionsListVersion) async throws -> Bool {
        let now = clock.nowMillis(), match = finding.match
        let told: Bool? = try await db.write { tx -> Bool? in
            guard let alertID = try await MonitoredSubjectRepository.alert(subject: subject, finding: finding, fingerprint: fingerprint,
                                                                           versionID: versionID, sealer: protector, now: now, on: tx)
            else { return nil }
            let reviewCase = ReviewCaseModel(tenantID: subject.tenantID, environmentID: subject.environmentID, kind: .monitoringMatch,
                                             subjectID: alertID, userID: subject.userID, reasons: [Self.waitsFor(match)], openedAt: now)
            try await ReviewCaseRepository.open(reviewCase, on: tx)
            try await MonitoredSubjectRepository.attach(caseID: try reviewCase.requireID(), toAlert: alertID, on: tx)
            let event = ScreeningMatchFound(alertId: alertID.uuidString.lowercased(), source: subject.source,
                                            verificationId: MonitoredSource.reference(subject.source, subject.sourceID), list: match.list,
                                            listPublished: listVersion.published, listSha256: listVersion.sha256, entryId: match.entryID,
                                            reference: match.reference, listedName: match.listedName, programs: match.programs.joined(separator: ","),
                                            scorePercent: Int((match.score * 100).rounded()), dateOfBirth: match.dateOfBirth?.rawValue)
            return try await WebhookOutbox.publish([WebhookEvents.draft(event, environmentID: subject.environmentID, userID: subject.userID)],
                                                   now: now, on: tx)
        }
        guard let told else { return false }
        wake?.published(told)
        return true
    }

    /// Why the case waits, as a VerifyCompliance candidate's would (`MobileOutcomePolicy.sanctions`):
    /// a birth date that agrees makes it a likely match.
    static func waitsFor(_ match: SanctionsMatcher.Match) -> String {
        switch MobileOutcomePolicy().sanctions([match]) {
        case .fail(let reason), .inconclusive(let reason): reason
        case .pass: MobileOutcomePolicy.sanctionsReview   // not reached: one match is never a pass
        }
    }

    package func gaveUp(subject: UUID, reason: String) async {
        logger.error("sanctions re-screen given up", metadata: ["version_id": .string(subject.uuidString)])
    }
}
