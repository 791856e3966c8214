import Dispatch
import Fluent
import Foundation
import Logging
import VerityAPI
import VerityChipChecks
import VerityCore
import VerityEnginePool
import VerityStore
import VerityKernel
import VerityWebhooks

/// Runs one document check (`document.check` jobs): opens the sealed images,
/// reads the document and the selfie on the engine pool, decides with
/// `DocumentVerdictPolicy`, and settles the check, the user's status and
/// level in one transaction that also erases the images. Idempotent: a check
/// already settled is left alone, so a run after a crash does nothing twice.
package struct DocumentCheckHandler: JobHandler {
    let db: any Database
    let protector: DataProtector
    let clock: VerityClock
    let engines: DocumentEngines
    let dataSources: DataSourceProvider
    let waiters: DocumentCheckWaiters
    package let logger: Logger

    package var kind: String { DocumentCheckRepository.checkJobKind }
    package var maximumAttempts: Int { 3 }

    package func run(subject: UUID) async throws {
        let repository = DocumentCheckRepository(db: db)
        guard let check = try await repository.check(id: subject), check.status == .pending,
              let sealedFront = check.sealedFront, let sealedBack = check.sealedBack else {
            await waiters.finished(subject)
            return
        }
        guard let environment = try await TenantRepository(db: db).environment(id: check.environmentID) else {
            throw VerityError(.validationError, "the check's environment is gone")
        }
        let type = check.documentType
        let configuration = environment.configuration
        let today = clock.today()
        var stages = StageClock(queuedMilliseconds: Double(clock.nowMillis() - check.createdAt))
        // The check's row exists, so its user does: their key is made now if they had none.
        let sealer = try await PersonKeyRepository(db: db, protector: protector)
            .sealer(userID: check.$user.id, environmentID: check.environmentID, now: clock.nowMillis())
        let checkID = try check.requireID()
        let front = [UInt8](try sealer.open(sealedFront, at: .of(.checkFront, checkID)))
        let back = [UInt8](try sealer.open(sealedBack, at: .of(.checkBack, checkID)))
        let face = try check.sealedFace.map { [UInt8](try sealer.open($0, at: .of(.checkFace, checkID))) }

        stages.lap("open")
        var evidence = Evidence()
        let submission = try check.sealedChip.map { try sealer.open(json: ChipSubmission.self, from: $0, at: .of(.checkChip, checkID)) }
        // The check's tenant: its engine work shares a worker's child with that tenant's only.
        var verdict = try await EngineTenant.serving(check.environmentID) {
            try await decide(check, sealer: sealer, type: type, front: front, back: back, face: face,
                             chipDG2: submission?.evidence.file(.dg2),
                             configuration: configuration, today: today, evidence: &evidence, stages: &stages)
        }
        var chipFace: Data?
        if let submission {
            let person = check.flow == .verification ? try await claim(of: check, sealer: sealer, today: today) : nil
            let (chip, face) = try await EngineTenant.serving(check.environmentID) {
                try await ChipVerification(engines: engines).verify(
                    submission, tenantID: environment.$tenant.id, db: db,
                    pictures: .init(selfie: face, page: front, threshold: configuration.faces.matchThreshold, matched: evidence.selfie),
                    printed: evidence.report?.mrz, person: person, today: CalendarDate(iso: today.description)!,
                    forReviewer: configuration.documents.review.enabled)
            }
            chipFace = face
            evidence.chip = chip
            evidence.report?.chip = chip
            verdict = ChipDecision.verdict(verdict, chip: chip, required: configuration.documents.chipRequiredForPassports && type == .passport)
            stages.lap("chip")
        }
        let held = DocumentReviewPolicy(settings: configuration.documents.review)
            .reasons(verdict: verdict, report: evidence.report, selfie: evidence.selfie)
        if !held.isEmpty {
            try await holdForReview(check, id: subject, tenantID: environment.$tenant.id, reasons: held.map(\.rawValue),
                                    sealedEvidence: try sealer.seal(json: evidence, at: .of(.checkEvidence, checkID)),
                                    sealedChipFace: try chipFace.map { try sealer.seal($0, at: .of(.checkChipFace, checkID)) }, stages: &stages)
            return
        }
        let status = try DocumentVerificationStateMachine().next(from: .pending, on: verdict.event)
        let outcome: DocumentCheckOutcome = switch verdict { case .succeeded: .succeeded; case .failed: .failed; case .unreadable: .unreadable }
        var settlement = DocumentCheckRepository.Settlement(
            outcome: outcome, reasons: verdict.reasons, sealedEvidence: try sealer.seal(json: evidence, at: .of(.checkEvidence, checkID)),
            documentStatus: status, verified: verdict == .succeeded, block: evidence.dataSourceOutcome?.block,
            events: [Self.completed(check, id: subject, outcome: outcome, reasons: verdict.reasons, status: status, chip: evidence.chip)])
        settlement.keepsImages = configuration.retention.keepsImagesAfterCheck
        let settled = try await repository.settle(checkID: subject, userID: check.$user.id, settlement, now: clock.nowMillis())
        stages.lap("settle")
        if settled {
            VerityMetrics.checkCompleted(product: "document", outcome: outcome.rawValue)
            for timing in evidence.report?.timings ?? [] {
                VerityMetrics.engineStage("document_\(timing.stage)", nanoseconds: Int64(timing.milliseconds * 1_000_000))
            }
            logger.info("document check settled", metadata: [
                "check_id": .string(subject.uuidString), "outcome": .string(outcome.rawValue),
                "reasons": .string(verdict.reasons.joined(separator: ",")),
                "timings_ms": .string((evidence.report?.timings ?? []).map { "\($0.stage)=\(Int($0.milliseconds))" }.joined(separator: " ")),
                "stages_ms": .string(stages.description),
            ])
        }
        await waiters.finished(subject)
    }

    private func decide(_ check: DocumentCheckModel, sealer: PersonSealer, type: DocumentType, front: [UInt8], back: [UInt8], face: [UInt8]?,
                        chipDG2: [UInt8]?, configuration: EnvironmentConfiguration, today: DateOfBirth, evidence: inout Evidence,
                        stages: inout StageClock) async throws -> DocumentVerdict {
        let calendarDay = CalendarDate(iso: today.description)!
        let judged: DocumentJudge.Judgement
        do {
            judged = try await DocumentJudge(engines: engines).judge(
                front: front, back: back, type: type, country: check.country, statedCountry: check.country, selfie: face,
                threshold: configuration.faces.matchThreshold, today: calendarDay, chipDG2: chipDG2)
        } catch let error as VerityError where [.invalidImage, .imageTooLarge, .unsupportedImage].contains(error.code) {
            // The header was fine at submission; the pixels were not.
            return .unreadable([error.message.contains("truncated") ? .imageIncomplete : .imageUndecodable])
        }
        stages.lap("judge")
        let report = judged.report
        evidence.report = report
        evidence.selfie = judged.selfie
        if let verdict = judged.verdict { return verdict }
        let policy = DocumentVerdictPolicy()
        defer { stages.lap("holder") }

        switch check.flow {
        case .verification:
            guard let claim = try await claim(of: check, sealer: sealer, today: today) else {
                // The claim went with a reset while the check waited.
                return .unreadable([.identityIncomplete])
            }
            let holder = DocumentHolder.compare(report, with: claim)
            if case .mismatched(let fields) = holder { evidence.holderMismatches = fields }
            return policy.holder(holder)
        case .capture:
            switch DocumentHolder.claim(from: report, supportedCountries: Set(configuration.supportedCountries), today: today) {
            case .failure(let problem):
                if case .missing(let fields) = problem { evidence.holderMismatches = fields }
                return .unreadable([.identityIncomplete])
            case .success(let claim):
                // A data source that cannot answer throws: the job is retried with backoff.
                let outcome = try await dataSources.source(for: configuration.dataSource, db: db).check(claim)
                evidence.dataSourceOutcome = outcome
                return policy.holder(.dataSource(outcome))
            }
        }
    }

    /// The PII on file the document is matched against (`verifyIdentityDocument`); nil after a reset.
    private func claim(of check: DocumentCheckModel, sealer: PersonSealer, today: DateOfBirth) async throws -> IdentityClaim? {
        guard let sealed = try await DocumentCheckRepository(db: db).sealedClaim(userID: check.$user.id) else { return nil }
        return try sealer.open(json: IdentityRecord.self, from: sealed, at: .of(.verificationClaim, check.$user.id)).claim(today: today)
    }

    /// Leaves the check to a reviewer (`DocumentReviewPolicy` found reasons):
    /// the user stays `pending` and the tenant hears `document_check.review_required`.
    private func holdForReview(_ check: DocumentCheckModel, id: UUID, tenantID: UUID, reasons: [String], sealedEvidence: Data,
                               sealedChipFace: Data?, stages: inout StageClock) async throws {
        let now = clock.nowMillis()
        let reviewCase = ReviewCaseModel(tenantID: tenantID, environmentID: check.environmentID, kind: .documentCheck,
                                         subjectID: id, userID: check.$user.id, reasons: reasons, openedAt: now)
        let event = WebhookEvents.draft(DocumentCheckReviewRequired(checkId: id.uuidString, reasons: reasons, documentType: check.documentType,
                                                                    documentVerificationStatus: .pending),
                                        environmentID: check.environmentID, userID: check.$user.id)
        let held = try await DocumentCheckRepository(db: db).holdForReview(
            checkID: id, reasons: reasons, sealedEvidence: sealedEvidence, sealedChipFace: sealedChipFace, reviewCase: reviewCase,
            events: [event], now: now)
        stages.lap("hold")
        if held {
            VerityMetrics.checkCompleted(product: "document", outcome: "review")
            logger.info("document check held for review", metadata: [
                "check_id": .string(id.uuidString), "reasons": .string(reasons.joined(separator: ",")),
                "stages_ms": .string(stages.description),
            ])
        }
        await waiters.finished(id)
    }

    /// A check the worker gave up on (engines or the data source failed every
    /// time): the user may submit again; the check says why it ended.
    package func gaveUp(subject: UUID, reason: String) async {
        let repository = DocumentCheckRepository(db: db)
        guard let check = try? await repository.check(id: subject) else { return }
        _ = try? await repository.settle(checkID: subject, userID: check.$user.id, DocumentCheckRepository.Settlement(
            outcome: .unreadable, reasons: [UnreadableReason.checkError.rawValue], sealedEvidence: nil,
            documentStatus: .documentUnreadable, verified: false,
            events: [Self.completed(check, id: subject, outcome: .unreadable, reasons: [UnreadableReason.checkError.rawValue], status: .documentUnreadable)]),
            now: clock.nowMillis())
        logger.error("document check given up", metadata: ["check_id": .string(subject.uuidString)])
        await waiters.finished(subject)
    }

    /// `document_check.completed`: the outcome, its reasons (codes), the
    /// user's document status, and who decided (`engine` or `reviewer`).
    static func completed(_ check: DocumentCheckModel, id: UUID, outcome: DocumentCheckOutcome, reasons: [String],
                          status: DocumentVerificationStatus, decidedBy: DecidedBy = .engine, chip: ChipReport? = nil) -> WebhookEventDraft {
        WebhookEvents.draft(DocumentCheckCompleted(checkId: id.uuidString, outcome: outcome,
                                                   reasons: reasons, documentType: check.documentType, documentVerificationStatus: status,
                                                   decidedBy: decidedBy, chip: chip),
                            environmentID: check.environmentID, userID: check.$user.id)
    }

    /// What the check keeps, sealed: the report and measurements, never an image or embedding.
    package struct Evidence: Codable, Sendable {
        package var report: DocumentReport?
        var selfie: SelfieEvidence?
        var holderMismatches: [String] = []
        var dataSourceOutcome: DataSourceOutcome?
        /// The chip's section, also when the images could not be read (no report to hold it).
        package var chip: ChipReport?
    }

    package init(db: any Database, protector: DataProtector, clock: VerityClock, engines: DocumentEngines, dataSources: DataSourceProvider, waiters: DocumentCheckWaiters, logger: Logger) {
        self.db = db
        self.protector = protector
        self.clock = clock
        self.engines = engines
        self.dataSources = dataSources
        self.waiters = waiters
        self.logger = logger
    }
}

/// Where a check's time went, for the log line that settles it (and the
/// benchmark that reads it): waiting in the queue, then each stage in turn.
struct StageClock: CustomStringConvertible {
    private var laps: [(String, Double)]
    private var last = DispatchTime.now().uptimeNanoseconds

    init(queuedMilliseconds: Double) { laps = [("queued", queuedMilliseconds)] }

    mutating func lap(_ stage: String) {
        let now = DispatchTime.now().uptimeNanoseconds
        laps.append((stage, Double(now - last) / 1_000_000))
        last = now
    }

    var description: String { laps.map { "\($0.0)=\(Int($0.1.rounded()))" }.joined(separator: " ") }
}
