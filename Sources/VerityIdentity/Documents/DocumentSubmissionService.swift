import Fluent
import Foundation
import Logging
import VerityAPI
import VerityChipChecks
import VerityCore
import VerityEnginePool
import VerityStore
import VerityKernel

/// Takes a user's document images (`verifyIdentityDocument`,
/// `captureAndVerifyIdentityDocument`): every rule that can be checked
/// without reading the document is checked here, so a bad request is a typed
/// 4xx with nothing written. Then, in one transaction, the status moves to
/// `pending`, the sealed images are stored with the check and its job is
/// queued. The request waits a while for the check and answers where the user
/// stands: the outcome, or `pending` when the check takes longer.
///
/// Built once at start-up; each call works through the context's database
/// handle, logger and capture-link addresses.
struct DocumentSubmissionService: Sendable {
    let protector: DataProtector
    let clock: VerityClock
    let jobs: JobWorker
    let waiters: DocumentCheckWaiters
    /// How long a request waits for its check before answering `pending`.
    let wait: Duration

    /// `link`: the capture link the page submits through (checked against its
    /// limits; the page counted the submission when it arrived, whatever
    /// becomes of it; an API submission removes the user's link instead).
    /// `screen`: rules run on the decoded images before anything is written
    /// (the capture page's picture checks).
    func submit(_ input: VerifyIdentityDocumentInput, flow: DocumentFlowSettings.Flow, context: IdentityContext,
                through link: CaptureLinkModel? = nil,
                screen: @Sendable (DocumentImages) async throws -> Void = { _ in }) async throws -> VerifiedIdentity {
        let configuration = context.configuration
        if configuration.consentRequired, !context.consented {
            throw VerityError(.consentRequired, "the user must consent to identity data processing before verification")
        }
        try Self.validate(input, flow: flow, configuration: configuration)
        let images = try DocumentImages(input)
        // The chip's files are checked now; its challenge is claimed with the check, below.
        let chipInput = input.chip
        let challengeID = try chipInput.flatMap { input throws(VerityError) in try ChipSubmission.challengeID(input) }
        let chip = try chipInput.map { input throws(VerityError) in try ChipSubmission.read(input) }

        let record = try await VerificationRepository(db: context.db).record(userID: context.userID)
        let documents = DocumentCheckRepository(db: context.db)
        let stored = try await documents.status(userID: context.userID)
        if record.achievedMethod == .governmentID || stored == .succeeded || stored == .failed {
            // Ended: said before anything else, as the status machine says it.
            _ = try DocumentVerificationStateMachine().next(from: stored ?? .succeeded, on: .documentSubmitted)
        }
        if flow == .verification {
            guard record.lastAttemptedAtEpochMs != nil, try await documents.sealedClaim(userID: context.userID) != nil else {
                throw VerityError(.piiVerificationRequired,
                                  "verify the user's PII (verifyIdentity) first: the document is matched against it; "
                                  + "or use captureAndVerifyIdentityDocument, which needs no PII")
            }
        }
        // A user stopped by the data source (deceased, fraud alert) gets their state back, as PII verification does.
        if record.block != nil {
            return try await IdentityStatusReader(db: context.db, links: context.links, now: clock.nowMillis()).identity(userID: context.userID, configuration: configuration,
                                                                   consented: context.consented, record: record)
        }

        if let link {
            let now = clock.nowMillis()
            let event = configuration.documents.captureLinks.submission(link.timing, now: now)
            if event != .documentSubmitted {
                // The link's limits are reached: the status says so and nothing is queued.
                let status = try await documents.transition(userID: context.userID, environmentID: context.environmentID, now: now, next: {
                    try DocumentVerificationStateMachine().next(from: $0 ?? .captureInitiated, on: event)
                }).status
                throw CaptureLinkService.refusal(status)
            }
        }
        try await screen(images)
        let now = clock.nowMillis()
        let check = DocumentCheckModel()
        let checkID = UUID()
        check.id = checkID
        check.$user.id = context.userID
        check.environmentID = context.environmentID
        check.flow = flow
        check.documentType = input.documentType
        check.country = try configuration.documentCountry(input.country)
        check.status = .pending
        let sealer = try await PersonKeyRepository(db: context.db, protector: protector)
            .sealer(userID: context.userID, environmentID: context.environmentID, now: now)
        check.sealedFront = try sealer.seal(Data(images.front), at: .of(.checkFront, checkID))
        check.sealedBack = try sealer.seal(Data(images.back), at: .of(.checkBack, checkID))
        check.sealedFace = try images.face.map { try sealer.seal(Data($0), at: .of(.checkFace, checkID)) }
        check.createdAt = now
        let environmentID = context.environmentID, userID = context.userID

        let derived = configuration.policy.status(of: record).documentVerificationStatus
        let achievedGovernmentID = record.achievedMethod == .governmentID
        _ = try await documents.transition(userID: context.userID, environmentID: context.environmentID, now: now, next: { stored in
            let current: DocumentVerificationStatus = achievedGovernmentID ? .succeeded : (stored ?? derived)
            return try DocumentVerificationStateMachine().next(from: current, on: .documentSubmitted)
        }, alongside: { [linkID = link?.id] tx in
            if var chip {
                // Single use: the challenge is bound to this check in its own transaction, or the submission fails.
                if let challengeID {
                    guard let challenge = try await ChipChallengeRepository.use(challengeID, environmentID: environmentID, subjectID: userID,
                                                                                checkID: checkID, now: now, on: tx) else {
                        throw ChipChallenges.invalid
                    }
                    chip = chip.answering(challenge)
                }
                check.sealedChip = try sealer.seal(json: chip, at: .of(.checkChip, checkID))
            }
            try await DocumentCheckRepository.insert(check, now: now, on: tx)
            if linkID == nil {
                try await CaptureLinkRepository.remove(userID: check.$user.id, on: tx)
            }
        })
        context.logger.info("document submitted", metadata: [
            "check_id": .string(checkID.uuidString), "flow": .string(flow.rawValue), "document_type": .string(check.documentType.rawValue),
        ])
        jobs.kick()
        await waiters.wait(for: checkID, upTo: wait)
        return try await IdentityStatusReader(db: context.db, links: context.links, now: clock.nowMillis()).identity(userID: context.userID, configuration: configuration,
                                                               consented: context.consented)
    }

    /// The request's own rules, in the order a user would fix them.
    static func validate(_ input: VerifyIdentityDocumentInput, flow: DocumentFlowSettings.Flow,
                         configuration: EnvironmentConfiguration) throws(VerityError) {
        if flow == .capture, input.documentType == .passport {
            throw .invalid("documentType", "a passport carries no address, so it cannot verify an identity on its own: "
                           + "use a driverLicense or idCard (or verifyIdentityDocument after a PII attempt)")
        }
        let acceptable = configuration.policy.acceptableDocumentTypes
        guard acceptable.contains(input.documentType) else {
            throw .invalid("documentType", "documentType \(input.documentType.rawValue) is not accepted in this environment; "
                           + "accepted: \(acceptable.map(\.rawValue).joined(separator: ", "))")
        }
        if configuration.documents.chipRequiredForPassports, input.documentType == .passport, input.chip == nil {
            throw VerityError(.chipRequired, "this environment requires a passport's chip: read it with the app (NFC) and send its files (chip)",
                              field: "chip")
        }
        let faceRequired = configuration.documents.faceImageRequired(for: flow)
        if faceRequired, input.faceImageBase64 == nil {
            throw .invalid("faceImageBase64", "this environment requires a face image with the document (faceImageBase64)")
        }
        if !faceRequired, input.faceImageBase64 != nil {
            throw .invalid("faceImageBase64", "this environment does not ask for a face image: leave faceImageBase64 out")
        }
    }

    /// `chip-challenge`: 8 random bytes for the passport's chip to sign, bound to the user, for a few minutes.
    func chipChallenge(context: IdentityContext) async throws -> ChipChallenge {
        try await ChipChallenges.issue(environmentID: context.environmentID, subjectID: context.userID, db: context.db, now: clock.nowMillis())
    }

    init(protector: DataProtector, clock: VerityClock, jobs: JobWorker, waiters: DocumentCheckWaiters, wait: Duration) {
        self.protector = protector
        self.clock = clock
        self.jobs = jobs
        self.waiters = waiters
        self.wait = wait
    }
}
