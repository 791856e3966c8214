import Fluent
import Foundation
import VerityAPI
import VerityChipChecks
import VerityCore
import VerityEnginePool
import VerityStore

/// The passport's chip in a document session (`docs/chip.md`): an optional
/// upload any time before `submit`, an Active Authentication challenge bound
/// to the session, and the chip checked at `submit` beside the images, as the
/// identity API's document checks do.
extension VerifyIdentityService {
    /// `chip-challenge`: 8 random bytes for the chip to sign, bound to this session, for five minutes.
    func chipChallenge(_ sessionID: String?, context: MobileContext) async throws -> MobileEnvelope<MobileChipChallengeData> {
        let loaded = try await sessions(context).load(sessionID, product: product, context: context, as: State.self)
        let due = try MobileSessionFlow(product: product).admitWhileOpen(expected: loaded.session.nextStep)
        let challenge = try await ChipChallenges.issue(environmentID: context.environmentID, subjectID: try loaded.session.requireID(),
                                                       db: loaded.db, now: clock.nowMillis())
        return MobileEnvelope(sessionID: loaded.publicID, product: product, nextStep: due, data: MobileChipChallengeData(challenge),
                              meta: .current(environment: context.environmentKind, due: due, taken: "chip-challenge"))
    }

    /// `upload/chip`: the chip's files checked as the identity API checks
    /// them, the answer's challenge claimed for this session (single use),
    /// then kept sealed in the session's state until `submit`. The step due does not move.
    func uploadChip(_ sessionID: String?, _ body: MobileChipUpload, context: MobileContext) async throws -> Answer {
        let loaded = try await sessions(context).load(sessionID, product: product, context: context, as: State.self)
        let due = try MobileSessionFlow(product: product).admitWhileOpen(expected: loaded.session.nextStep)
        let submission: ChipSubmission
        let challengeID: UUID?
        do {
            challengeID = try ChipSubmission.challengeID(body.evidence)
            submission = try ChipSubmission.read(body.evidence)
        } catch {
            throw VerityError(error.code, error.message, field: error.field.map(MobileChipUpload.field))
        }
        let sessionRowID = try loaded.session.requireID(), environmentID = context.environmentID
        let (read, state, protector, place) = (submission, loaded.state, protector, try loaded.place(.mobileState))
        let now = clock.nowMillis()
        try MobileSessions.raced(try await MobileSessionRepository(db: loaded.db).advance(id: sessionRowID, from: due, now: now) { tx in
            var state = state
            state.chip = read
            if let challengeID {
                // Single use: claimed for this upload (its own id, so the session cannot send the answer twice) in the step's transaction.
                guard let challenge = try await ChipChallengeRepository.use(challengeID, environmentID: environmentID, subjectID: sessionRowID,
                                                                            checkID: UUID(), now: now, on: tx) else {
                    throw VerityError(.chipChallengeInvalid, ChipChallenges.invalid.message, field: "active_authentication.challenge_id")
                }
                state.chip = read.answering(challenge)
            }
            return .init(nextStep: due, sealedState: try protector.seal(json: state, at: place))
        })
        return answer(loaded.publicID, context: context, step: "upload_chip", next: due, state: loaded.state)
    }

    /// `CHIP_REQUIRED` at `submit` when the environment asks a passport's chip and none was sent.
    func requireChip(_ state: State, type: DocumentType?, configuration: EnvironmentConfiguration) throws(VerityError) {
        guard configuration.documents.chipRequiredForPassports, type == .passport, state.chip == nil else { return }
        throw VerityError(.chipRequired, "this environment requires a passport's chip: read it with the app (NFC), send it (upload/chip), then submit",
                          field: "chip")
    }

    /// The chip's report: passive and active authentication in the engines'
    /// sandbox, DG2's face against the selfie and the page (matched in the
    /// selfie's task), DG1 against the printed MRZ. A session has no person's claim.
    func checkChip(_ submission: ChipSubmission, judged: DocumentJudge.Judgement, selfie: [UInt8], front: [UInt8], context: MobileContext,
                   db: any Database) async throws -> ChipReport {
        let configuration = context.environment.configuration
        return try await MobileEngineCall.run {
            try await ChipVerification(engines: engines).verify(
                submission, tenantID: context.environment.$tenant.id, db: db,
                pictures: .init(selfie: selfie, page: front, threshold: configuration.faces.matchThreshold, matched: judged.selfie),
                printed: judged.report.mrz, person: nil, today: CalendarDate(iso: clock.today().description)!, forReviewer: false)
        }.report
    }
}
