import Foundation
import Testing
import Verity
@testable import VerityCore
@testable import VerityStore
import VerityTestSupport
@testable import VerityKernel

/// A PII attempt is charged before the data source is asked and settled
/// after; a server killed in between leaves it charged and `pending`.
/// Housekeeping gives it back once it is older than
/// `VERITY_ABANDONED_ATTEMPT_SECONDS`, exactly once, and a settle that comes
/// late (the server was only slow) changes nothing after that.
@Suite("PII attempts a dead server left unsettled")
struct AbandonedAttemptsE2ETests {
    @Test func anAttemptNobodySettledIsGivenBackOnceAndALateSettleChangesNothing() async throws {
        try await withLiveClient(userRef: "stranded") { client, app, _ async throws in
            try await app.configure { $0.consentRequired = false }
            let environmentID = try #require(try await TenantRepository(db: app.app.db).environment(tenant: app.tenant, kind: .test)?.requireID())
            let userID = try #require(try await UserRepository(db: app.app.db, protector: try app.app.dataProtector)
                .findOrCreate(userRef: "stranded", environmentID: environmentID, now: app.clock.now).id)
            let repository = VerificationRepository(db: app.app.db)
            // The charge a server made before it died.
            let charged = try #require(try await repository.chargeAttempt(
                userID: userID, environmentID: environmentID, maxAttempts: 3, source: "registry", inputDigest: "d", now: app.clock.now))
            #expect(try await client.checkIdentityVerification().attemptsRemaining == 2)

            // Not yet: the data source may still answer.
            #expect(try await app.operations.retention.housekeeping().abandonedAttempts == 0)
            app.clock.advance(seconds: app.settings.abandonedAttemptSeconds + 1)
            #expect(try await app.operations.retention.housekeeping().abandonedAttempts == 1)
            #expect(try await client.checkIdentityVerification().attemptsRemaining == 3, "the attempt is the user's again")
            #expect(try await DatabaseText.count(app, "SELECT COUNT(*) AS n FROM verification_attempts WHERE outcome = 'unanswered'") == 1)
            #expect(try await app.operations.retention.housekeeping().abandonedAttempts == 0, "given back once")

            // The server was only slow: its settle comes now, and is too late.
            let late = try await repository.settle(charged, outcome: .matched, now: app.clock.now)
            #expect(late.record.achievedMethod == .none && !late.published)
            let state = try await client.checkIdentityVerification()
            #expect(!state.verified && state.attemptsRemaining == 3)
            #expect(try await DatabaseText.count(app, "SELECT COUNT(*) AS n FROM verification_attempts WHERE outcome = 'matched'") == 0)

            // The user goes on as anyone would.
            #expect(try await client.verifyIdentity(input: TestData.johnSmith).verified)
        }
    }

    @Test func theWaitIsLongerThanTheBureauCanTake() throws {
        let environment = ["VERITY_DATA_KEY": DataProtector.randomBytes(32).base64EncodedString(),
                           "VERITY_BUREAU_URL": "https://bureau.example.com/check", "VERITY_BUREAU_KEY": "k",
                           "VERITY_BUREAU_TIMEOUT_MS": "20000", "VERITY_BUREAU_RETRIES": "2", "VERITY_ABANDONED_ATTEMPT_SECONDS": "60"]
        #expect(throws: SettingsError.self) { try Settings.from(environment: environment) }
        var longer = environment
        longer["VERITY_ABANDONED_ATTEMPT_SECONDS"] = "61"
        #expect(try Settings.from(environment: longer).abandonedAttemptSeconds == 61)
    }
}
