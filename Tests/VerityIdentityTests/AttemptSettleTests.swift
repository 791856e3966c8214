import Fluent
import Foundation
import SQLKit
import Testing
@testable import VerityCore
@testable import VerityStore
import VerityTestSupport

/// A settle writes the record its rule makes of the record as it stands, on
/// SQLite and PostgreSQL: when nothing changed since the charge (PostgreSQL's
/// one-statement compare-and-set) and when the user's other attempt settled in
/// between (the compare fails, nothing half-written, and the settle reads the
/// record again). The decision's event is drawn from the record written, in
/// the same commit.
@Suite("Attempt settles: the record as it stands, and its event with it")
struct AttemptSettleTests {
    /// The acme test environment, with an endpoint listening for `events`; its id.
    static func endpoint(_ app: VerityTestApp, events: [String]) async throws -> UUID {
        let environment = try #require(try await TenantRepository(db: app.db).environment(tenant: app.tenant, kind: .test))
        try await ListeningEndpoint.add(environmentID: try environment.requireID(), events: events, now: app.clock.now, on: app.db)
        return try environment.requireID()
    }

    /// The decision's event as a settle draws it: the record's failure count.
    static func decided(environmentID: UUID, userID: UUID) -> @Sendable (VerificationRecord) -> WebhookEventDraft? {
        { record in
            WebhookEventDraft(environmentID: environmentID, userID: userID, type: .identityVerificationDecided,
                              data: Data("{\"failedAttempts\":\(record.failedAttempts)}".utf8))
        }
    }

    @Test func aSettleAfterTheUsersOtherAttemptSettledStartsFromItsResult() async throws {
        try await withVerityApp { app async throws in
            _ = try await app.token(for: "twice")
            let environmentID = try await Self.endpoint(app, events: ["identity_verification.decided"])
            let userID = try #require(try await IdentityVerificationModel.query(on: app.app.db).first()).$user.id
            let repository = VerificationRepository(db: app.app.db)
            func charge(at now: Int64) async throws -> ChargedAttempt {
                try #require(try await repository.chargeAttempt(userID: userID, environmentID: environmentID, maxAttempts: 3,
                                                                 source: "registry", inputDigest: "d", now: now))
            }
            let first = try await charge(at: 1_000), second = try await charge(at: 2_000)
            #expect(first.record.failedAttempts == 1 && second.record.failedAttempts == 2)
            #expect(second.record.lastAttemptedAtEpochMs == 2_000)

            // The second settles first: the record is as its charge left it.
            let failed = try await repository.settle(second, outcome: .notMatched, now: 3_000)
            #expect(failed.record == second.record && !failed.published)

            // The first's charge saw one failure; the record now holds two.
            let event = Self.decided(environmentID: environmentID, userID: userID)
            let matched = try await repository.settle(first, outcome: .matched, now: 4_000, event: event)
            let expected = VerificationRecord(achievedMethod: .knowledgeOfPII, verifiedAtEpochMs: 4_000, failedAttempts: 1,
                                              lastAttemptedAtEpochMs: 2_000)
            #expect(matched.record == expected && matched.published)
            #expect(try await repository.record(userID: userID) == expected)

            // Both ledger rows settled, each with its own outcome; one event, from the record written.
            let ledger = try await VerificationAttemptModel.query(on: app.app.db).sort(\.$attemptedAt).all()
            #expect(ledger.map(\.outcome) == [.matched, .notMatched])
            #expect(ledger.map(\.settledAt) == [4_000, 3_000])
            // Committed with the decision, waiting for the dispatcher's fan-out
            // (on SQLite still on the attempt's row), and counted as waiting.
            #expect(try await WebhookOutbox.awaitingFanOut(on: app.app.db).events == 1)
            _ = try await WebhookOutbox.fanOutPending(now: 5_000, leaseMilliseconds: 60_000, limit: 64, on: app.app.db)
            #expect(try await WebhookOutbox.awaitingFanOut(on: app.app.db).events == 0)
            let events = try await WebhookEventModel.query(on: app.app.db).all()
            #expect(events.map { String(decoding: $0.data, as: UTF8.self) } == ["{\"failedAttempts\":1}"])
            let published = try #require(events.first)
            #expect(published.environmentID == environmentID && published.userID == userID)
            #expect(published.type == .identityVerificationDecided && published.createdAt == 4_000)
            // The fan-out moved the event off the ledger's row on SQLite: no copy stays there.
            if let sql = app.app.db as? any SQLDatabase, sql.dialect.name == "sqlite" {
                let kept = try await sql.raw("SELECT count(*) AS n FROM verification_attempts WHERE event_data IS NOT NULL OR event_type IS NOT NULL")
                    .first()?.decode(column: "n", as: Int.self)
                #expect(kept == 0)
            }
        }
    }

    @Test func aSettleWithoutAListenerWritesNoEvent() async throws {
        try await withVerityApp { app async throws in
            _ = try await app.token(for: "quiet")
            let environmentID = try await Self.endpoint(app, events: ["certificate.issued"])
            let userID = try #require(try await IdentityVerificationModel.query(on: app.app.db).first()).$user.id
            let repository = VerificationRepository(db: app.app.db)
            let attempt = try #require(try await repository.chargeAttempt(userID: userID, environmentID: environmentID, maxAttempts: 3,
                                                                           source: "registry", inputDigest: "d", now: 1_000))
            let settled = try await repository.settle(attempt, outcome: .deceased, now: 2_000) { _ in
                WebhookEventDraft(environmentID: environmentID, userID: userID, type: .identityVerificationDecided, data: Data("{}".utf8))
            }
            #expect(settled.record.block == .deceased && settled.record.failedAttempts == 1 && !settled.published)
            #expect(try await repository.record(userID: userID) == settled.record)
            #expect(try await WebhookOutbox.awaitingFanOut(on: app.app.db).events == 0)
            _ = try await WebhookOutbox.fanOutPending(now: 3_000, leaseMilliseconds: 60_000, limit: 64, on: app.app.db)
            #expect(try await WebhookEventModel.query(on: app.app.db).count() == 0)
        }
    }

    @Test func anAnsweredAttemptIsChargedAndSettledInOneCommitOnlyIfTheRecordIsAsRead() async throws {
        try await withVerityApp { app async throws in
            _ = try await app.token(for: "asked-first")
            let environmentID = try await Self.endpoint(app, events: ["identity_verification.decided"])
            let userID = try #require(try await IdentityVerificationModel.query(on: app.app.db).first()).$user.id
            let repository = VerificationRepository(db: app.app.db)
            let event = Self.decided(environmentID: environmentID, userID: userID)
            func answered(_ outcome: DataSourceOutcome) -> AnsweredAttempt {
                AnsweredAttempt(userID: userID, environmentID: environmentID, source: "registry", inputDigest: "d", outcome: outcome)
            }
            let read = try await repository.record(userID: userID)
            let failed = answered(.notMatched)
            let claim = FiledClaim(environmentID: environmentID, sealed: Data("sealed claim".utf8))
            let first = try #require(try await repository.chargeAndSettle(failed, expected: read, now: 1_000, filing: claim, event: event))
            let charged = VerificationRecord(failedAttempts: 1, lastAttemptedAtEpochMs: 1_000)
            #expect(first.record == charged && first.published)
            #expect(try await repository.record(userID: userID) == charged)
            #expect(try await DocumentCheckRepository(db: app.app.db).sealedClaim(userID: userID) == claim.sealed)

            // A second answer against the record read before the first: it
            // moved, so nothing is written (no ledger row, no event, no claim).
            let stale = answered(.matched)
            #expect(try await repository.chargeAndSettle(stale, expected: read, now: 2_000, filing: claim, event: event) == nil)
            #expect(try await repository.record(userID: userID) == charged)

            // Against the record as it now stands: charged and refunded, verified.
            let matched = try #require(try await repository.chargeAndSettle(answered(.matched), expected: charged, now: 3_000, event: event))
            let verified = VerificationRecord(achievedMethod: .knowledgeOfPII, verifiedAtEpochMs: 3_000, failedAttempts: 1,
                                              lastAttemptedAtEpochMs: 3_000)
            #expect(matched.record == verified && matched.published)
            #expect(try await repository.record(userID: userID) == verified)

            // The ledger holds the two written, settled when charged; one event each, none for the stale one.
            let ledger = try await VerificationAttemptModel.query(on: app.app.db).sort(\.$attemptedAt).all()
            #expect(ledger.map(\.outcome) == [.notMatched, .matched])
            #expect(ledger.map(\.settledAt) == [1_000, 3_000])
            #expect(ledger.first?.id == failed.id && !ledger.contains { $0.id == stale.id })
            _ = try await WebhookOutbox.fanOutPending(now: 4_000, leaseMilliseconds: 60_000, limit: 64, on: app.app.db)
            let events = try await WebhookEventModel.query(on: app.app.db).sort(\.$createdAt).all()
            #expect(events.map { String(decoding: $0.data, as: UTF8.self) } == ["{\"failedAttempts\":1}", "{\"failedAttempts\":1}"])
            #expect(events.map(\.createdAt) == [1_000, 3_000])
        }
    }
}
