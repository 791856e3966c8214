import Fluent
import Foundation
import Vapor
import VerityAPI
import VerityCore
import VerityStore
import VerityKernel

/// The session side of the mobile API: sessions are made, found from the
/// `X-Mobile-Session` header within the key's environment, expired after the
/// environment's idle minutes (then answering `SESSION_EXPIRED`), moved or
/// ended one step at a time, and an ended one's result kept readable for the
/// environment's result retention (`MobileSettings.resultRetentionDays`).
struct MobileSessions: Sendable {
    let db: any Database
    let protector: DataProtector
    let clock: VerityClock

    /// A session as a step handler sees it: the row and its opened state.
    struct Loaded<State: Codable & Sendable>: Sendable {
        let session: MobileSessionModel
        let publicID: String
        var state: State
        /// The request's database, for the step's writes.
        let db: any Database

        /// Where this session's `column` is sealed.
        func place(_ column: SealedColumn) throws -> SealPlace { .of(column, try session.requireID()) }
    }

    /// A new session of `product`, if the environment can pay for it (the key's scope is the route's to check: `MobileController`).
    func create<State: Codable & Sendable>(_ product: MobileProduct, context: MobileContext, state: State) async throws
        -> (MobileSessionModel, String) {
        let now = clock.nowMillis()
        let settings = context.environment.configuration.mobile
        try await MobileCredits.require(product, context: context, db: db)
        // Housekeeping: sessions idle past the limit go, with whatever they held.
        try await MobileSessionRepository(db: db).purge(environmentID: context.environmentID, settings: settings, now: now)
        let publicID = "msess_\(context.environmentKind)_" + Base62.random(length: 32)
        let session = MobileSessionModel()
        session.id = UUID()
        session.tokenHash = DataProtector.hashSecret(publicID)
        session.environmentID = context.environmentID
        session.clientKeyID = context.keyID
        session.product = product
        session.nextStep = MobileSessionFlow(product: product).first
        session.sealedState = try protector.seal(json: state, at: .of(.mobileState, try session.requireID()))
        session.createdAt = now
        session.lastActivityAt = now
        try await MobileSessionRepository(db: db).create(session)
        return (session, publicID)
    }

    /// The session `publicID` names for `product`, or a typed error: a session of
    /// the other environment kind is `INVALID_CLIENT_KEY`, an idle one `SESSION_EXPIRED`.
    func load<State: Codable & Sendable>(_ publicID: String?, product: MobileProduct, context: MobileContext,
                                         as state: State.Type) async throws -> Loaded<State> {
        guard let publicID, !publicID.isEmpty else {
            throw VerityError(.missingRequiredField, "send the session in the X-Mobile-Session header", field: MobileContext.sessionHeader)
        }
        let kinds = ["msess_test_": "test", "msess_live_": "live", "msess_demo_": "demo"]
        guard let kind = kinds.first(where: { publicID.hasPrefix($0.key) })?.value, publicID.count <= 64 else {
            throw VerityError(.notFound, "no such session")
        }
        guard kind == context.environmentKind else {
            throw VerityError(.invalidClientKey, "a \(context.environmentKind) key cannot act on a \(kind) session")
        }
        guard let session = try await MobileSessionRepository(db: db).session(tokenHash: DataProtector.hashSecret(publicID),
                                                                              environmentID: context.environmentID, clientKeyID: context.keyID),
              session.product == product
        else { throw VerityError(.notFound, "no such \(product.rawValue) session") }
        let settings = context.environment.configuration.mobile
        let idleLimit = Int64(settings.sessionMinutes(for: product)) * 60_000
        if session.isExpired || (session.outcome == nil && clock.nowMillis() - session.lastActivityAt >= idleLimit) {
            // Expiring erases what the session held (once: an expired row has nothing left); the row
            // answers this until the result retention ends.
            if !session.isExpired {
                try await MobileSessionRepository(db: db).purge(environmentID: context.environmentID, settings: settings, now: clock.nowMillis())
            }
            throw VerityError(.sessionExpired, "this session expired after \(idleLimit / 60_000) idle minutes: start a new one")
        }
        let state = try session.sealedState.map { try protector.open(json: State.self, from: $0, at: .of(.mobileState, try session.requireID())) }
        guard let state else { throw VerityError(.systemError, "the session's state is missing") }
        return Loaded(session: session, publicID: publicID, state: state, db: db)
    }

    /// A step is taken once: a second request racing for it is told the step moved on.
    static func raced(_ moved: Bool) throws {
        guard moved else { throw VerityError(.sessionWrongStep, "this step was already taken: read the session's status") }
    }

    /// Ends the session at `step` with `outcome`: the outcome recorded as a
    /// verification and charged (not for demo keys), the images erased, in one
    /// transaction. Returns the verification's public id, and whether an
    /// endpoint will be told of it (for the webhook wake).
    /// With `review`, a case of that kind opens for the console's reviewers
    /// in the same transaction, with its own sealed copy of the images; the
    /// session row keeps none in any case.
    func finish<State: Codable & Sendable>(_ loaded: Loaded<State>, state: State, outcome: MobileOutcome, reasons: [String],
                                           product: MobileProduct, context: MobileContext, from step: MobileStep,
                                           review: ReviewCaseKind? = nil, chip: MobileChipResult? = nil,
                                           monitored: (subject: MonitoredSubject, personIndex: String)? = nil) async throws -> (id: String, told: Bool) {
        let now = clock.nowMillis()
        let id = UUID()
        let verification = MobileVerificationModel(id: id, environmentID: context.environmentID, clientKeyID: context.keyID,
                                                   product: product, outcome: outcome, reasons: reasons, createdAt: now)
        let reviewCase = context.isDemo ? nil : review.map {
            ReviewCaseModel(tenantID: context.environment.$tenant.id, environmentID: context.environmentID, kind: $0,
                            subjectID: id, userID: nil, reasons: reasons, openedAt: now)
        }
        // The reviewer's copy of the images: the session row's go at submit.
        let session = loaded.session
        let held = try reviewCase.map { _ in
            try MobileReviewImagesModel(copying: (session.sealedSelfie, session.sealedFront, session.sealedBack), ofSession: try session.requireID(),
                                        verificationID: id, environmentID: context.environmentID, heldAt: now, protector: protector)
        }
        let told = try await MobileSessionRepository(db: db).finish(
            id: try loaded.session.requireID(), from: step, verification: verification,
            sealedState: try protector.seal(json: state, at: loaded.place(.mobileState)), credits: context.isDemo ? 0 : Int64(product.credits), now: now,
            events: [MobileEvents.completed(verification, id: id, demo: context.isDemo, chip: chip)], reviewCase: reviewCase, heldImages: held,
            also: context.isDemo ? nil : keeping(monitored, product: product, verificationID: id, context: context, now: now))
        try Self.raced(told != nil)
        VerityMetrics.checkCompleted(product: product.rawValue, outcome: outcome.rawValue)
        if !context.isDemo { VerityMetrics.creditsCharged(product: product.rawValue, credits: product.credits) }
        return (MobileVerificationID(id).description, told ?? false)
    }

    /// What keeps VerifyCompliance's subject under screening, in the session's
    /// end's transaction: each new list version screens it again.
    private func keeping(_ monitored: (subject: MonitoredSubject, personIndex: String)?, product: MobileProduct, verificationID: UUID,
                         context: MobileContext, now: Int64) -> (@Sendable (any Database) async throws -> Void)? {
        guard let monitored else { return nil }
        let (protector, tenantID, environmentID) = (protector, context.environment.$tenant.id, context.environmentID)
        let source = MonitoredSubjectRepository.Source(kind: product.rawValue, id: verificationID)
        return { tx in
            try await MonitoredSubjectRepository.remember(monitored.subject, personIndex: monitored.personIndex, tenantID: tenantID,
                                                          environmentID: environmentID, source: source, sealer: protector, now: now, on: tx)
        }
    }
}
