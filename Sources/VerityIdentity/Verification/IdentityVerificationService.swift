import Fluent
import Foundation
import Logging
import VerityAPI
import VerityCore
import VerityStore
import VerityKernel
import VerityWebhooks

/// Verifies a user by PII: validate, check consent, charge an attempt, ask the
/// environment's data source, settle, and report the new state.
/// Built once at start-up; each call works through the context's database
/// handle, logger and capture-link addresses.
struct IdentityVerificationService: Sendable {
    let protector: DataProtector
    let clock: VerityClock
    let dataSources: DataSourceProvider
    let captureLinks: CaptureLinkService
    let webhookWake: WebhookWake

    func verify(_ input: VerifyIdentityInput, for context: IdentityContext) async throws -> VerifiedIdentity {
        let configuration = context.configuration
        if configuration.consentRequired, !context.consented {
            throw VerityError(.consentRequired, "the user must consent to identity data processing before verification")
        }
        let claim = try IdentityClaim.validate(input.fields, supportedCountries: Set(configuration.supportedCountries),
                                               today: clock.today(graceDays: 1))
        let source = try dataSources.source(for: configuration.dataSource, db: context.db)
        let digest = protector.blindIndex(IdentityMatcher.canonicalText(claim), domain: "attempt-input")
        if source.answersFromOwnDatabase, let record = context.session.record {
            return try await verifyAskingFirst(claim, source: source, digest: digest, record: record, context: context)
        }
        guard let attempt = try await charge(source: source, digest: digest, context: context) else { return try await status(for: context) }
        let outcome: DataSourceOutcome
        do {
            outcome = try await ask(source, about: claim, context: context)
        } catch {
            _ = try await VerificationRepository(db: context.db).settle(attempt, outcome: nil, now: clock.nowMillis())
            throw error
        }
        let settled = try await settle(attempt, outcome: outcome, claim: try await filing(claim, context: context), context: context)
        return try await answer(settled, outcome: outcome, source: source.name, attemptID: attempt.id, context: context)
    }

    /// A source that answers from Verity's own database is asked before the
    /// charge, and the attempt is charged and settled in one commit against
    /// the record the session read. If that record moved in between (the
    /// user's other attempt, an administrator), the answer in hand is charged
    /// and settled the two-step way, which checks the limit as it now stands.
    private func verifyAskingFirst(_ claim: IdentityClaim, source: any IdentityDataSource, digest: String, record: VerificationRecord,
                                   context: IdentityContext) async throws -> VerifiedIdentity {
        // Verified users, blocked users and users out of attempts get their
        // state back; nothing is asked or charged.
        guard record.mayAttempt(maxAttempts: context.configuration.policy.maxAttempts) else { return try await status(for: context) }
        let outcome = try await ask(source, about: claim, context: context)
        let filed = try await filing(claim, context: context)
        let answered = AnsweredAttempt(userID: context.userID, environmentID: context.environmentID, source: source.name,
                                       inputDigest: digest, outcome: outcome)
        if let settled = try await VerificationRepository(db: context.db).chargeAndSettle(
            answered, expected: record, now: clock.nowMillis(), filing: filed, event: decisionEvent(attemptID: answered.id, context: context)) {
            webhookWake.published(settled.published)
            return try await answer(settled, outcome: outcome, source: source.name, attemptID: answered.id, context: context)
        }
        guard let attempt = try await charge(source: source, digest: digest, context: context) else { return try await status(for: context) }
        let settled = try await settle(attempt, outcome: outcome, claim: filed, context: context)
        return try await answer(settled, outcome: outcome, source: source.name, attemptID: attempt.id, context: context)
    }

    /// One attempt charged, or nil when the user may not attempt.
    private func charge(source: any IdentityDataSource, digest: String, context: IdentityContext) async throws -> ChargedAttempt? {
        try await VerificationRepository(db: context.db).chargeAttempt(
            userID: context.userID, environmentID: context.environmentID, maxAttempts: context.configuration.policy.maxAttempts,
            source: source.name, inputDigest: digest, now: clock.nowMillis())
    }

    /// The source's answer; `SERVICE_UNAVAILABLE` when it has none.
    private func ask(_ source: any IdentityDataSource, about claim: IdentityClaim, context: IdentityContext) async throws -> DataSourceOutcome {
        do {
            return try await source.check(claim)
        } catch {
            context.logger.warning("data source unavailable", metadata: ["source": .string(source.name)])
            if let verityError = error as? VerityError { throw verityError }
            throw VerityError(.serviceUnavailable, "the identity data source is unavailable; try again later")
        }
    }

    /// The claim, sealed under the person's key, as the settlement files it
    /// for matching a document against (verifyIdentityDocument) until
    /// document verification ends.
    private func filing(_ claim: IdentityClaim, context: IdentityContext) async throws -> FiledClaim {
        let sealed = try await context.personSealer(protector, now: clock.nowMillis())
            .seal(json: IdentityRecord(claim: claim), at: .of(.verificationClaim, context.userID))
        return FiledClaim(environmentID: context.environmentID, sealed: sealed)
    }

    /// Settles a charged attempt, with the decision's event where an endpoint
    /// listens (one statement either way on PostgreSQL).
    private func settle(_ attempt: ChargedAttempt, outcome: DataSourceOutcome, claim: FiledClaim,
                        context: IdentityContext) async throws -> SettledAttempt {
        let settled = try await VerificationRepository(db: context.db).settle(
            attempt, outcome: outcome, now: clock.nowMillis(), filing: claim, event: decisionEvent(attemptID: attempt.id, context: context))
        webhookWake.published(settled.published)
        return settled
    }

    /// The decision's event for attempt `attemptID`, drawn from the record
    /// its settlement writes; no draft where no endpoint listens (the hot
    /// path pays next to nothing for webhooks nobody registered).
    private func decisionEvent(attemptID: UUID, context: IdentityContext) -> (@Sendable (VerificationRecord) -> WebhookEventDraft?)? {
        guard context.session.webhooksListening else { return nil }
        let (environmentID, userID, policy) = (context.environmentID, context.userID, context.configuration.policy)
        return { record in
            IdentityEvents.decided(environmentID: environmentID, userID: userID, attemptID: attemptID, status: policy.status(of: record))
        }
    }

    /// The answer to a settled attempt: the user's state, with a capture link
    /// offered where the attempt left them needing a government ID.
    private func answer(_ settled: SettledAttempt, outcome: DataSourceOutcome, source: String, attemptID: UUID,
                        context: IdentityContext) async throws -> VerifiedIdentity {
        let record = settled.record
        VerityMetrics.checkCompleted(product: "identity", outcome: IdentityEvents.decision(context.configuration.policy.status(of: record)).rawValue)
        let documents = DocumentCheckRepository(db: context.db)
        var state = if let read = settled.documentState { read } else { try await documents.state(userID: context.userID) }
        if try await offerCaptureLink(record: record, state: state, context: context) {
            state = try await documents.state(userID: context.userID)
        }
        context.logger.info("identity verification attempt", metadata: [
            "attempt_id": .string(attemptID.uuidString), "outcome": .string(outcome.rawValue), "source": .string(source),
        ])
        return try await IdentityStatusReader(db: context.db, links: context.links, now: clock.nowMillis())
            .identity(userID: context.userID, configuration: context.configuration, consented: context.consented, record: record, state: state)
    }

    /// Where the environment offers `idScanUrl`, a user the attempt left needing
    /// a government ID gets a capture link (unless `state` holds one already).
    /// Whether one was made.
    private func offerCaptureLink(record: VerificationRecord, state: UserDocumentState, context: IdentityContext) async throws -> Bool {
        let configuration = context.configuration
        guard configuration.documents.idScanUrlEnabled, state.link == nil else { return false }
        let status = configuration.policy.status(of: record)
        guard !status.verified, status.requiredVerificationMethod == .governmentID else { return false }
        do {
            _ = try await captureLinks.create(userID: context.userID, environmentID: context.environmentID, configuration: configuration,
                                              record: record, scope: context.scope)
            return true
        } catch let error as VerityError where [.documentCheckPending, .documentVerificationClosed].contains(error.code) {
            // A document check is running or has ended: there is nothing to capture.
            return false
        }
    }

    /// The user's current state, as `checkIdentityVerification` reports it.
    func status(for context: IdentityContext) async throws -> VerifiedIdentity {
        try await IdentityStatusReader(db: context.db, links: context.links, now: clock.nowMillis()).identity(userID: context.userID, configuration: context.configuration,
                                                        consented: context.consented)
    }

    init(protector: DataProtector, clock: VerityClock, dataSources: DataSourceProvider, captureLinks: CaptureLinkService, webhookWake: WebhookWake) {
        self.protector = protector
        self.clock = clock
        self.dataSources = dataSources
        self.captureLinks = captureLinks
        self.webhookWake = webhookWake
    }
}

extension VerifyIdentityInput {
    var fields: IdentityClaim.Fields {
        IdentityClaim.Fields(firstName: firstName, lastName: lastName, address: address, city: city, state: state,
                             postalCode: postalCode, country: country, dateOfBirth: dateOfBirth)
    }
}
