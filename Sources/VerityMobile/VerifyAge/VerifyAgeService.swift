import Fluent
import Foundation
import Logging
import VerityAPI
import VerityCore
import VerityEnginePool
import VerityStore
import VerityVision
import VerityKernel
import VerityWebhooks

/// VerifyAge (10 credits): step 1 the claimed date of birth, step 2 a selfie
/// (passive liveness, then the face's age against the minimum plus the
/// environment's margin), step 3 a document only when the face was not clear
/// enough (its date of birth against the claim and the minimum, its portrait
/// against the step-2 selfie). The outcome is charged when the session ends;
/// the selfie waits sealed between steps 2 and 3 and is erased at the end.
struct VerifyAgeService: Sendable {
    let protector: DataProtector
    let engines: DocumentEngines
    let clock: VerityClock
    /// Wakes the job worker for the outcome's webhook deliveries (nil: the poll delivers them).
    var wake: WebhookWake? = nil

    /// The sessions as the request reaches them (its database handle).
    private func sessions(_ context: MobileContext) -> MobileSessions {
        MobileSessions(db: context.db, protector: protector, clock: clock)
    }

    struct State: Codable, Sendable {
        var dateOfBirth: String?
        var ageEstimate: Double?
        var reasons: [String] = []
    }

    typealias Answer = MobileEnvelope<MobileAgeData>
    static let product = MobileProduct.verifyAge

    func rules(context: MobileContext) throws -> MobileEnvelope<MobileAgeRules> {
        try context.require(Self.product)
        let settings = context.environment.configuration.mobile
        return MobileEnvelope(product: Self.product, nextStep: .step1,
                              data: MobileAgeRules(minimumAge: settings.minimumAge, ageMargin: settings.ageMargin,
                                                   credits: Self.product.credits, steps: Self.steps),
                              meta: .init(environment: context.environmentKind, step: "rules"))
    }

    static let steps = ["step1: date_of_birth (YYYY-MM-DD)", "step2: selfie_b64",
                        "step3: id_front_b64 [+ id_back_b64] [, document_type, country as hints] — only when asked"]

    func start(context: MobileContext) async throws -> Answer {
        let (_, publicID) = try await sessions(context).create(Self.product, context: context, state: State())
        return answer(publicID, context: context, step: "session", next: .step1, state: State(), credits: Self.product.credits)
    }

    func step1(_ sessionID: String?, _ body: MobileDateOfBirth, context: MobileContext) async throws -> Answer {
        let loaded = try await sessions(context).load(sessionID, product: Self.product, context: context, as: State.self)
        try MobileSessionFlow(product: Self.product).admit(.step1, expected: loaded.session.nextStep)
        let text = try MobileBody.required(body.dateOfBirth, field: "date_of_birth")
        let today = clock.today(graceDays: 1)
        let birth: DateOfBirth
        do {
            birth = try DateOfBirth.parse(text, today: today)
        } catch {
            throw VerityError(error.code, error.message.replacingOccurrences(of: "dateOfBirth", with: "date_of_birth"), field: "date_of_birth")
        }
        var state = loaded.state
        state.dateOfBirth = birth.description
        let policy = VerifyAgePolicy(context.environment.configuration.mobile)
        if let reason = policy.claimed(birth, today: clock.today()) {
            state.reasons = [reason.rawValue]
            return try await finish(loaded, state: state, outcome: .fail, context: context, from: .step1)
        }
        try MobileSessions.raced(try await MobileSessionRepository(db: context.db).advance(
            id: try loaded.session.requireID(), from: MobileStep.step1,
            .init(nextStep: MobileStep.step2, sealedState: try protector.seal(json: state, at: loaded.place(.mobileState))), now: clock.nowMillis()))
        return answer(loaded.publicID, context: context, step: "step1", next: .step2, state: state)
    }

    func step2(_ sessionID: String?, _ body: MobileSelfieUpload, context: MobileContext) async throws -> Answer {
        let loaded = try await sessions(context).load(sessionID, product: Self.product, context: context, as: State.self)
        try MobileSessionFlow(product: Self.product).admit(.step2, expected: loaded.session.nextStep)
        let selfie = try MobileBody.image(body.selfieB64, field: "selfie_b64")
        var state = loaded.state
        if context.isDemo {
            // pk_demo_: the documented pass, without looking at the face.
            state.ageEstimate = 30
            return try await finish(loaded, state: state, outcome: .pass, context: context, from: .step2)
        }
        let signals = try await MobileEngineCall.run { try await engines.liveness(selfie) }
        switch signals.finding.outcome {
        case .noFace: state.reasons = [VerifyAgePolicy.Reason.noFace.rawValue]
        case .severalFaces: state.reasons = [VerifyAgePolicy.Reason.multipleFaces.rawValue]
        case .found where signals.attackSuspected == true: state.reasons = [VerifyAgePolicy.Reason.livenessFailed.rawValue]
        case .found: break
        }
        if !state.reasons.isEmpty { return try await finish(loaded, state: state, outcome: .fail, context: context, from: .step2) }
        guard let estimate = try await MobileEngineCall.run({ try await engines.age(selfie) }) else {
            state.reasons = [VerifyAgePolicy.Reason.noFace.rawValue]
            return try await finish(loaded, state: state, outcome: .fail, context: context, from: .step2)
        }
        state.ageEstimate = estimate.age
        let policy = VerifyAgePolicy(context.environment.configuration.mobile)
        if policy.face(estimate: estimate.age, low: estimate.low) == .pass {
            return try await finish(loaded, state: state, outcome: .pass, context: context, from: .step2)
        }
        try MobileSessions.raced(try await MobileSessionRepository(db: context.db).advance(
            id: try loaded.session.requireID(), from: MobileStep.step2,
            .init(nextStep: MobileStep.step3, sealedState: try protector.seal(json: state, at: loaded.place(.mobileState)),
                  sealedSelfie: try protector.seal(Data(selfie), at: loaded.place(.mobileSelfie))), now: clock.nowMillis()))
        return answer(loaded.publicID, context: context, step: "step2", next: .step3, state: state)
    }

    func step3(_ sessionID: String?, _ body: MobileAgeDocumentUpload, context: MobileContext) async throws -> Answer {
        let loaded = try await sessions(context).load(sessionID, product: Self.product, context: context, as: State.self)
        try MobileSessionFlow(product: Self.product).admit(.step3, expected: loaded.session.nextStep)
        let front = try MobileBody.image(body.idFrontB64, field: "id_front_b64")
        let back = try body.idBackB64.map { try MobileBody.image($0, field: "id_back_b64") } ?? front
        let reading = MobileDocumentReading(engines: engines, configuration: context.environment.configuration)
        let hints = try reading.hints(body.hints)
        var state = loaded.state
        guard let sealedSelfie = loaded.session.sealedSelfie, let claimedText = state.dateOfBirth,
              let claimed = try? DateOfBirth.parse(claimedText, today: clock.today(graceDays: 1)) else {
            throw VerityError(.systemError, "the session lost its step-2 state")
        }
        let selfie = [UInt8](try protector.open(sealedSelfie, at: loaded.place(.mobileSelfie)))
        let today = clock.today()
        let read = try await reading.read(front: front, back: back, hints: hints, selfie: selfie, today: CalendarDate(iso: today.description)!)
        guard case .read(let judged) = read, let printed = judged.report.field("date_of_birth")?.value,
              let birth = try? DateOfBirth.parse(printed, today: today), let evidence = judged.selfie else {
            // Unreadable: the user takes the document again; the session stays at step 3.
            state.reasons = (read.retakeReasons ?? [.textUnreadable]).map(\.rawValue)
            return answer(loaded.publicID, context: context, step: "step3", next: .step3, state: state)
        }
        // The face is judged with its review band (MobileOutcomePolicy); the age policy judges the dates.
        let policy = MobileOutcomePolicy()
        let dates = VerifyAgePolicy(context.environment.configuration.mobile)
            .document(birth: birth, claimed: claimed, today: today, faceMatches: true)
        let face = policy.face(distance: evidence.distance, threshold: evidence.threshold, mismatch: VerifyAgePolicy.Reason.faceMismatch.rawValue)
        let (outcome, reasons) = policy.outcome(dates.map { .fail($0.rawValue) } + [face])
        state.reasons = reasons
        return try await finish(loaded, state: state, outcome: outcome, context: context, from: .step3)
    }

    func status(_ sessionID: String, context: MobileContext) async throws -> Answer {
        let loaded = try await sessions(context).load(sessionID, product: Self.product, context: context, as: State.self)
        var envelope = answer(loaded.publicID, context: context, step: nil,
                              next: loaded.session.nextStep, state: loaded.state)
        envelope.outcome = loaded.session.outcome
        envelope.verificationID = loaded.session.verificationID.map { MobileVerificationID($0).description }
        return envelope
    }

    // MARK: - pieces

    /// Ends the session with its outcome (recorded, charged, images erased).
    private func finish(_ loaded: MobileSessions.Loaded<State>, state: State, outcome: MobileOutcome, context: MobileContext,
                        from step: MobileStep) async throws -> Answer {
        let (verificationID, told) = try await sessions(context).finish(loaded, state: state, outcome: outcome, reasons: state.reasons,
                                                       product: Self.product, context: context, from: step)
        wake?.published(told)
        context.logger.info("verifyage finished", metadata: ["verification_id": .string(verificationID), "outcome": .string(outcome.rawValue)])
        var envelope = answer(loaded.publicID, context: context, step: step.rawValue, next: nil, state: state)
        envelope.outcome = outcome
        envelope.verificationID = verificationID
        return envelope
    }

    /// `step`: the step this request took (nil for a status read); `meta.step`
    /// is the session's current step (`MobileEnvelope.Meta.current`).
    private func answer(_ publicID: String, context: MobileContext, step: String?, next: MobileStep?, state: State,
                        credits: Int? = nil) -> Answer {
        MobileEnvelope(sessionID: publicID, product: Self.product, nextStep: next,
                       data: MobileAgeData(minimumAge: context.environment.configuration.mobile.minimumAge, reasons: state.reasons,
                                     ageEstimate: state.ageEstimate, credits: credits),
                       meta: .current(environment: context.environmentKind, due: next, taken: step))
    }
}
