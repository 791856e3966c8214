import Fluent
import Foundation
import Logging
import VerityAPI
import VerityCore
import VerityStore
import VerityKernel
import VerityWebhooks

/// Capture links: made for a user (`initiateIdentityDocumentCapture`, or
/// automatically for `idScanUrl`), opened by the capture page, used to submit.
/// Every use moves the user's status through the status machine with the
/// link's timing rules (`CaptureLinkPolicy`), in the transaction that counts it.
/// Built once at start-up; each call works through the request's scope.
struct CaptureLinkService: Sendable {
    let clock: VerityClock
    /// Wakes the job worker for the outcome's webhook deliveries (nil: the poll delivers them).
    var wake: WebhookWake? = nil

    /// A new link for the user, replacing any earlier one.
    func initiate(context: IdentityContext) async throws -> IdDocumentCaptureInitiationInfo {
        let configuration = context.configuration
        if configuration.consentRequired, !context.consented {
            throw VerityError(.consentRequired, "the user must consent to identity data processing before verification")
        }
        let record = try await VerificationRepository(db: context.db).record(userID: context.userID)
        let link = try await create(userID: context.userID, environmentID: context.environmentID, configuration: configuration,
                                    record: record, scope: context.scope)
        return IdDocumentCaptureInitiationInfo(documentCaptureUrl: context.links.url(for: try link.requireID()),
                                               expiryEpochMs: configuration.documents.captureLinks.expiresAt(link.timing))
    }

    /// Makes the link and moves the status to `captureInitiated`; refused when
    /// document verification has ended or a check is running.
    func create(userID: UUID, environmentID: UUID, configuration: EnvironmentConfiguration,
                record: VerificationRecord, scope: RequestScope) async throws -> CaptureLinkModel {
        let now = clock.nowMillis()
        let link = CaptureLinkModel()
        let linkID = UUID()
        link.id = linkID
        link.$user.id = userID
        link.environmentID = environmentID
        link.tokenHash = DataProtector.hashSecret(scope.links.protector.captureToken(linkID: linkID))
        link.createdAt = now
        link.opens = 0
        link.submissions = 0
        let derived = configuration.policy.status(of: record).documentVerificationStatus
        let achievedGovernmentID = record.achievedMethod == .governmentID
        _ = try await DocumentCheckRepository(db: scope.db).transition(userID: userID, environmentID: environmentID, now: now, next: { stored in
            try DocumentVerificationStateMachine().next(from: achievedGovernmentID ? .succeeded : (stored ?? derived), on: .captureLinkCreated)
        }, alongside: { tx in
            try await CaptureLinkRepository.replace(with: link, on: tx)
        })
        scope.logger.info("capture link created", metadata: ["link_id": .string(linkID.uuidString)])
        return link
    }

    /// The link of a token and the user it speaks for; a typed error when the
    /// token is malformed, unknown or replaced (nothing says which, nor whose).
    func resolve(token: String, scope: RequestScope) async throws -> (CaptureLinkModel, IdentityContext) {
        let unusable = VerityError(.captureLinkUnusable, "This capture link is not valid: it was replaced, or never existed. Ask for a new one.")
        guard Self.isWellFormed(token) else { throw unusable }
        let links = CaptureLinkRepository(db: scope.db)
        guard let link = try await links.link(tokenHash: DataProtector.hashSecret(token)),
              let session = try await links.context(of: link)
        else { throw unusable }
        return (link, IdentityContext(session: session, scope: scope))
    }

    /// Opening the capture page: counted, and the status moved (opened, or the
    /// link's limits reached). Returns the status the page starts from; throws
    /// `CAPTURE_LINK_UNUSABLE` when the page cannot be used.
    func open(_ link: CaptureLinkModel, context: IdentityContext) async throws -> DocumentVerificationStatus {
        let documents = DocumentCheckRepository(db: context.db)
        let stored = try await documents.status(userID: context.userID)
        // A check running or ended: the page shows where it stands; nothing is counted.
        if let stored, [.pending, .succeeded, .failed].contains(stored) { return stored }
        let now = clock.nowMillis()
        let event = context.configuration.documents.captureLinks.opening(link.timing, now: now)
        let linkID = try link.requireID()
        let opened = event == .captureLinkOpened ? [WebhookEvents.draft(CaptureLinkOpened(linkId: linkID.uuidString),
                                                                         environmentID: context.environmentID, userID: context.userID)] : []
        let (status, told) = try await documents.transition(userID: context.userID, environmentID: context.environmentID, now: now, next: { stored in
            try DocumentVerificationStateMachine().next(from: stored ?? .captureInitiated, on: event)
        }, alongside: { tx in
            try await CaptureLinkRepository.countOpening(linkID: linkID, on: tx)
        }, events: opened)
        wake?.published(told)
        context.logger.info("capture link opened", metadata: ["link_id": .string(linkID.uuidString), "status": .string(status.rawValue)])
        guard event == .captureLinkOpened else { throw Self.refusal(status) }
        return status
    }

    /// Where the user stands, for the page following a check (or a desktop
    /// following the phone): nothing is counted, time is applied.
    func progress(_ link: CaptureLinkModel, context: IdentityContext) async throws -> VerifiedIdentity {
        try await IdentityStatusReader(db: context.db, links: context.links, now: clock.nowMillis())
            .identity(userID: context.userID, configuration: context.configuration, consented: context.consented)
    }

    /// What to tell a user whose link the rules closed.
    static func refusal(_ status: DocumentVerificationStatus) -> VerityError {
        switch status {
        case .captureRetryLimitExceeded:
            VerityError(.captureLinkUnusable, "This capture link was opened or used too many times. Ask for a new one.")
        default:
            VerityError(.captureLinkUnusable, "This capture link has expired. Ask for a new one.")
        }
    }

    /// Tokens are 43 characters of base64url (256 bits).
    static func isWellFormed(_ token: String) -> Bool {
        token.utf8.count == 43 && token.utf8.allSatisfy { byte in
            (0x30...0x39).contains(byte) || (0x41...0x5a).contains(byte) || (0x61...0x7a).contains(byte) || byte == 0x2d || byte == 0x5f
        }
    }

    init(clock: VerityClock, wake: WebhookWake? = nil) {
        self.clock = clock
        self.wake = wake
    }
}
