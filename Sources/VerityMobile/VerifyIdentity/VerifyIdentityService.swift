import Fluent
import Foundation
import Logging
import VerityAPI
import VerityChipChecks
import VerityCore
import VerityEnginePool
import VerityStore
import VerityVision
import VerityKernel
import VerityWebhooks
import VeritySanctions

/// VerifyIdentity (40 credits) and VerifyCompliance (60: the same, plus the
/// identity read screened against the sanctions list): a selfie, the document's
/// front (its type and country optional hints: `MobileDocumentReading`) and
/// back (skipped for a passport page), then `submit`: the document engine reads and checks
/// the document, the face engine compares the selfie with its portrait and
/// looks for recapture signals, and `DocumentVerdictPolicy` decides as it does
/// for the identity API. An unreadable document sends the session back to
/// `upload_id_front` with the reasons (nothing charged); any other outcome
/// ends it, charged, with the images erased.
struct VerifyIdentityService: Sendable {
    let protector: DataProtector
    let engines: DocumentEngines
    let screening: SanctionsScreening
    let clock: VerityClock
    let product: MobileProduct
    /// Wakes the job worker for the outcome's webhook deliveries (nil: the poll delivers them).
    var wake: WebhookWake? = nil

    struct State: Codable, Sendable {
        /// As stated by the client (a hint), nil when left out.
        var documentType: String?
        var country: String?
        /// What the front alone showed, when no type was stated (a passport page).
        var shownType: String?
        var reasons: [String] = []
        var result: MobileIdentityResult?
        /// VerifyCompliance: the listed entries the person matched, as screened,
        /// and the person's keyed index (`SanctionsPerson`), for the reviewer
        /// and for a false positive to remember.
        var listed: [SanctionsEntry]?
        var personIndex: String?
        /// The chip's files and Active Authentication answer (`upload/chip`),
        /// its challenge claimed; dropped when the session ends.
        var chip: ChipSubmission?

        var hints: MobileDocumentReading.Hints {
            .init(documentType: documentType.flatMap(DocumentType.init), country: country)
        }
    }

    typealias Answer = MobileEnvelope<MobileIdentityData>

    func start(context: MobileContext) async throws -> Answer {
        let (_, publicID) = try await sessions(context).create(product, context: context, state: State())
        return answer(publicID, context: context, step: "session", next: .uploadSelfie, state: State(), credits: product.credits)
    }

    func uploadSelfie(_ sessionID: String?, _ body: MobileSelfieUpload, context: MobileContext) async throws -> Answer {
        let loaded = try await load(sessionID, context: context, step: .uploadSelfie)
        let selfie = try MobileBody.image(body.selfieB64, field: "selfie_b64")
        try await advance(loaded, from: .uploadSelfie, .init(nextStep: MobileStep.uploadIDFront,
                                                             sealedSelfie: try protector.seal(Data(selfie), at: loaded.place(.mobileSelfie))))
        return answer(loaded.publicID, context: context, step: MobileStep.uploadSelfie.rawValue, next: .uploadIDFront, state: loaded.state)
    }

    func uploadFront(_ sessionID: String?, _ body: MobileIDFrontUpload, context: MobileContext) async throws -> Answer {
        let loaded = try await load(sessionID, context: context, step: .uploadIDFront)
        let front = try MobileBody.image(body.idFrontB64, field: "id_front_b64")
        let reading = MobileDocumentReading(engines: engines, configuration: context.environment.configuration)
        let hints = try reading.hints(body.hints)
        var state = loaded.state
        state.documentType = hints.documentType?.rawValue
        state.country = hints.country
        state.reasons = []
        state.shownType = nil
        if hints.documentType == nil, !context.isDemo {
            state.shownType = try await reading.typeShown(byFront: front, today: CalendarDate(iso: clock.today().description)!)?.rawValue
        }
        // A passport has one page: its back is its front, and the next step is submit.
        let type = hints.documentType ?? state.shownType.flatMap(DocumentType.init)
        let next: MobileStep = type == .passport ? .submit : .uploadIDBack
        // A passport's one page is its back too, sealed again for that column.
        let sealedFront = try protector.seal(Data(front), at: loaded.place(.mobileFront))
        let sealedBack = type == .passport ? try protector.seal(Data(front), at: loaded.place(.mobileBack)) : nil
        try await advance(loaded, from: .uploadIDFront, .init(nextStep: next,
                                                              sealedState: try protector.seal(json: state, at: loaded.place(.mobileState)),
                                                              sealedFront: sealedFront, sealedBack: sealedBack))
        return answer(loaded.publicID, context: context, step: MobileStep.uploadIDFront.rawValue, next: next, state: state)
    }

    func uploadBack(_ sessionID: String?, _ body: MobileIDBackUpload, context: MobileContext) async throws -> Answer {
        let loaded = try await load(sessionID, context: context, step: .uploadIDBack)
        let back = try MobileBody.image(body.idBackB64, field: "id_back_b64")
        try await advance(loaded, from: .uploadIDBack, .init(nextStep: MobileStep.submit,
                                                             sealedBack: try protector.seal(Data(back), at: loaded.place(.mobileBack))))
        return answer(loaded.publicID, context: context, step: MobileStep.uploadIDBack.rawValue, next: .submit, state: loaded.state)
    }

    func submit(_ sessionID: String?, context: MobileContext) async throws -> Answer {
        let loaded = try await load(sessionID, context: context, step: .submit)
        var state = loaded.state
        guard let sealedSelfie = loaded.session.sealedSelfie, let sealedFront = loaded.session.sealedFront,
              let sealedBack = loaded.session.sealedBack else {
            throw VerityError(.systemError, "the session lost its uploads")
        }
        let selfie = [UInt8](try protector.open(sealedSelfie, at: loaded.place(.mobileSelfie)))
        let front = [UInt8](try protector.open(sealedFront, at: loaded.place(.mobileFront)))
        let back = [UInt8](try protector.open(sealedBack, at: loaded.place(.mobileBack)))
        if context.isDemo { return try await finish(loaded, state: Self.demo(state, product: product), outcome: .pass, context: context) }
        let configuration = context.environment.configuration
        let today = CalendarDate(iso: clock.today().description)!
        // A type the front showed is as good as stated: the back was skipped for it.
        var hints = state.hints
        hints.documentType = hints.documentType ?? state.shownType.flatMap(DocumentType.init)
        try requireChip(state, type: hints.documentType, configuration: configuration)
        let judged: DocumentJudge.Judgement
        switch try await MobileDocumentReading(engines: engines, configuration: configuration)
            .read(front: front, back: back, hints: hints, selfie: selfie, today: today, chipDG2: state.chip?.evidence.file(.dg2)) {
        case .read(let read): judged = read
        case .retake(let reasons):
            state.reasons = reasons.map(\.rawValue)
            return try await retake(loaded, state: state, context: context)
        }
        let report = judged.report
        guard let evidence = judged.selfie else { throw VerityError(.systemError, "the face engine gave no comparison") }
        var verdict = judged.verdict ?? .succeeded
        if case .unreadable(let reasons) = verdict {
            state.reasons = reasons.map(\.rawValue)
            return try await retake(loaded, state: state, context: context)
        }
        try requireChip(state, type: report.documentType, configuration: configuration)
        var chip: MobileChipResult?
        if let submission = state.chip {
            let checked = try await checkChip(submission, judged: judged, selfie: selfie, front: front, context: context, db: loaded.db)
            chip = MobileChipResult(checked)
            verdict = ChipDecision.verdict(verdict, chip: checked,
                                           required: configuration.documents.chipRequiredForPassports && report.documentType == .passport)
        }
        // The face is judged here, with its review band (MobileOutcomePolicy); the verdict policy judges the rest.
        let policy = MobileOutcomePolicy()
        let faceMismatch = DocumentFailure.faceMismatch.rawValue
        var calls = verdict.reasons.filter { $0 != faceMismatch }.map(MobileOutcomePolicy.Call.fail)
        calls.append(policy.face(distance: evidence.distance, threshold: evidence.threshold, mismatch: faceMismatch))
        var screening: MobileIdentityResult.Screening?
        var monitored: (subject: MonitoredSubject, personIndex: String)?
        if product == .verifyCompliance {
            let screened = try await screen(report, tenantID: context.environment.$tenant.id, lists: configuration.screening.chosen, db: loaded.db)
            screening = .init(name: screened.name, matches: screened.matches.map(MobileIdentityResult.SanctionsMatch.init))
            state.listed = screened.entries.isEmpty ? nil : screened.entries
            state.personIndex = screened.personIndex
            calls.append(policy.sanctions(screened.matches))
            monitored = screened.monitored
        }
        let (outcome, reasons) = policy.outcome(calls)
        state.reasons = reasons
        state.result = MobileIdentityResult(
            decision: outcome, reasons: reasons, documentType: report.documentType.rawValue, country: report.country,
            detected: MobileDocumentReading.detected(state.hints),
            fields: Dictionary(report.fields.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first }),
            faceMatch: .init(match: evidence.matched, distance: evidence.distance, threshold: evidence.threshold),
            liveness: .init(attackSuspected: evidence.attackSuspected, reasons: evidence.livenessReasons), screening: screening, chip: chip)
        // The chip's files served their purpose: its outcome stays in the result.
        state.chip = nil
        // A person looks at every sanctions candidate (true match or false positive) and at every other doubt.
        let review: ReviewCaseKind? = screening.map { !$0.matches.isEmpty } == true ? .sanctionsCandidate
            : outcome == .undetermined ? .mobileSession : nil
        return try await finish(loaded, state: state, outcome: outcome, context: context, review: review, chip: chip, monitored: monitored)
    }

    func status(_ sessionID: String, context: MobileContext, withResult: Bool) async throws -> Answer {
        let loaded = try await sessions(context).load(sessionID, product: product, context: context, as: State.self)
        var envelope = answer(loaded.publicID, context: context, step: nil,
                              next: loaded.session.nextStep, state: loaded.state)
        envelope.outcome = loaded.session.outcome
        envelope.verificationID = loaded.session.verificationID.map { MobileVerificationID($0).description }
        if withResult {
            guard loaded.session.outcome != nil else {
                throw VerityError(.sessionWrongStep, "this session has no result yet: it expects \(loaded.session.nextStep?.rawValue ?? "nothing") next")
            }
            envelope.data?.result = loaded.state.result
        }
        return envelope
    }

    // MARK: - pieces

    func load(_ sessionID: String?, context: MobileContext, step: MobileStep) async throws -> MobileSessions.Loaded<State> {
        let loaded = try await sessions(context).load(sessionID, product: product, context: context, as: State.self)
        try MobileSessionFlow(product: product).admit(step, expected: loaded.session.nextStep)
        return loaded
    }

    /// The sessions as the request reaches them (its database handle).
    func sessions(_ context: MobileContext) -> MobileSessions {
        MobileSessions(db: context.db, protector: protector, clock: clock)
    }

    func advance(_ loaded: MobileSessions.Loaded<State>, from step: MobileStep, _ change: MobileSessionRepository.Step) async throws {
        try MobileSessions.raced(try await MobileSessionRepository(db: loaded.db).advance(
            id: try loaded.session.requireID(), from: step, change, now: clock.nowMillis()))
    }

    /// The user takes the document again: back to `upload_id_front` with the
    /// reasons, nothing charged; the selfie stays, the document's images are
    /// erased at once (they served their purpose).
    private func retake(_ loaded: MobileSessions.Loaded<State>, state: State, context: MobileContext) async throws -> Answer {
        try await advance(loaded, from: .submit, .init(nextStep: MobileStep.uploadIDFront,
                                                       sealedState: try protector.seal(json: state, at: loaded.place(.mobileState)), erasesDocument: true))
        return answer(loaded.publicID, context: context, step: MobileStep.submit.rawValue, next: .uploadIDFront, state: state)
    }

    private func finish(_ loaded: MobileSessions.Loaded<State>, state: State, outcome: MobileOutcome, context: MobileContext,
                        review: ReviewCaseKind? = nil, chip: MobileChipResult? = nil,
                        monitored: (subject: MonitoredSubject, personIndex: String)? = nil) async throws -> Answer {
        let (verificationID, told) = try await sessions(context).finish(loaded, state: state, outcome: outcome, reasons: state.reasons,
                                                       product: product, context: context, from: .submit, review: review, chip: chip,
                                                       monitored: monitored)
        wake?.published(told)
        context.logger.info("\(product.rawValue) finished", metadata: ["verification_id": .string(verificationID), "outcome": .string(outcome.rawValue)])
        var envelope = answer(loaded.publicID, context: context, step: MobileStep.submit.rawValue, next: nil, state: state)
        envelope.outcome = outcome
        envelope.verificationID = verificationID
        return envelope
    }

    /// pk_demo_: the documented pass, without reading anything.
    static func demo(_ state: State, product: MobileProduct) -> State {
        var state = state
        state.result = MobileIdentityResult(decision: .pass, reasons: [], documentType: state.documentType ?? "passport", country: state.country ?? "US",
                                      detected: nil, fields: ["surname": "DEMO", "given_names": "ALEX", "date_of_birth": "1990-01-01"],
                                      faceMatch: .init(match: true, distance: 0.3, threshold: 0.58), liveness: .init(attackSuspected: false, reasons: []),
                                      screening: product == .verifyCompliance ? .init(name: "ALEX DEMO", matches: []) : nil)
        return state
    }

    /// `step`: the step this request took (nil for a status read); `meta.step`
    /// is the session's current step (`MobileEnvelope.Meta.current`).
    func answer(_ publicID: String, context: MobileContext, step: String?, next: MobileStep?, state: State,
                        credits: Int? = nil) -> Answer {
        MobileEnvelope(sessionID: publicID, product: product, nextStep: next,
                       data: MobileIdentityData(reasons: state.reasons, credits: credits, result: nil),
                       meta: .current(environment: context.environmentKind, due: next, taken: step))
    }
}
