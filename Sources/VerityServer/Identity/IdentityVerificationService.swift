import Fluent
import Foundation
import Logging
import VerityAPI
import VerityCore
import VerityStore

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
        let repository = VerificationRepository(db: context.db)
        let source = try dataSources.source(for: configuration.dataSource, db: context.db)
        let digest = protector.blindIndex(IdentityMatcher.canonicalText(claim), domain: "attempt-input")
        guard let attempt = try await repository.chargeAttempt(
            userID: context.userID, environmentID: context.environmentID, maxAttempts: configuration.policy.maxAttempts,
            source: source.name, inputDigest: digest, now: clock.nowMillis())
        else {
            // Verified users, blocked users and users out of attempts get their
            // state back; no new attempt is made or charged.
            return try await status(for: context)
        }

        let outcome: DataSourceOutcome
        do {
            outcome = try await source.check(claim)
        } catch {
            _ = try await repository.settle(attempt, outcome: nil, now: clock.nowMillis())
            context.logger.warning("data source unavailable", metadata: ["source": .string(source.name), "attempt_id": .string(attempt.id.uuidString)])
            if let verityError = error as? VerityError { throw verityError }
            throw VerityError(.serviceUnavailable, "the identity data source is unavailable; try again later")
        }
        // The claim is filed with the settlement, sealed, for matching a
        // document against it (verifyIdentityDocument) until document verification ends.
        let sealed = try await context.personSealer(protector, now: clock.nowMillis()).seal(json: IdentityRecord(claim: claim))
        let settled = try await settle(attempt, outcome: outcome, claim: FiledClaim(environmentID: context.environmentID, sealed: sealed),
                                       repository: repository, context: context)
        let record = settled.record
        VerityMetrics.checkCompleted(product: "identity", outcome: IdentityEvents.decision(configuration.policy.status(of: record)))
        let documents = DocumentCheckRepository(db: context.db)
        var state = if let read = settled.documentState { read } else { try await documents.state(userID: context.userID) }
        if try await offerCaptureLink(record: record, state: state, context: context) {
            state = try await documents.state(userID: context.userID)
        }
        context.logger.info("identity verification attempt", metadata: [
            "attempt_id": .string(attempt.id.uuidString), "outcome": .string(outcome.rawValue), "source": .string(source.name),
        ])
        return try await IdentityStatusReader(db: context.db, links: context.links, now: clock.nowMillis())
            .identity(userID: context.userID, configuration: configuration, consented: context.consented, record: record, state: state)
    }

    /// Settles the attempt, with the decision's event where an endpoint
    /// listens (one statement either way on PostgreSQL; the hot path pays
    /// next to nothing for webhooks nobody registered).
    private func settle(_ attempt: ChargedAttempt, outcome: DataSourceOutcome, claim: FiledClaim, repository: VerificationRepository,
                        context: IdentityContext) async throws -> SettledAttempt {
        let now = clock.nowMillis()
        guard context.session.webhooksListening else {
            return try await repository.settle(attempt, outcome: outcome, now: now, filing: claim)
        }
        let (environmentID, userID, policy) = (context.environmentID, context.userID, context.configuration.policy)
        let settled = try await repository.settle(attempt, outcome: outcome, now: now, filing: claim) { record in
            IdentityEvents.decided(environmentID: environmentID, userID: userID, attemptID: attempt.id, status: policy.status(of: record))
        }
        if settled.published { webhookWake.kick() }
        return settled
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
}

extension VerifyIdentityInput {
    var fields: IdentityClaim.Fields {
        IdentityClaim.Fields(firstName: firstName, lastName: lastName, address: address, city: city, state: state,
                             postalCode: postalCode, country: country, dateOfBirth: dateOfBirth)
    }
}
