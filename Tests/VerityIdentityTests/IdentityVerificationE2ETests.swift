import Foundation
import Testing
import Verity
import VerityTestSupport

@Suite("Identity verification through the SDK against a live server")
struct IdentityVerificationE2ETests {
    @Test func theSpecExampleVerifiesOnceAndStaysVerified() async throws {
        try await withLiveClient { client, app, _ async throws in
            // given
            #expect(try await client.listSupportedCountries() == ["US", "GB", "CA"])
            try await client.consent()
            // when
            let verified = try await client.verifyIdentity(input: TestData.johnSmith)
            // then
            #expect(verified.verified)
            #expect(verified.verificationMethod == .knowledgeOfPII)
            #expect(verified.verifiedAtEpochMs == app.clock.now)
            #expect(verified.verificationLastAttemptedAtEpochMs == app.clock.now)
            #expect(verified.attemptsRemaining == 3)
            #expect(verified.consented)
            #expect(verified.idScanUrl == nil)
            #expect(verified.documentVerificationStatus == .notRequired)
            #expect(!verified.canAttemptVerificationAgain)

            app.clock.advance(seconds: 60)
            let again = try await client.verifyIdentity(input: TestData.stranger)
            #expect(again.verified)
            #expect(again.verifiedAtEpochMs == verified.verifiedAtEpochMs)
            #expect(try await client.checkIdentityVerification() == again)
        }
    }

    @Test func namesAndAddressesAreCaseAndAbbreviationInsensitive() async throws {
        try await withLiveClient { client, _, _ async throws in
            try await client.consent()
            let input = VerifyIdentityInput(firstName: "  JOHN ", lastName: "smith", address: "222333 PEACHTREE PL.",
                                            city: "atlanta", state: "Georgia", postalCode: "30318-4455",
                                            country: "us", dateOfBirth: "1975-02-28")
            #expect(try await client.verifyIdentity(input: input).verified)
        }
    }

    @Test func verifyIdentityLocksAfterThreeFailuresAndEscalates() async throws {
        try await withLiveClient { client, _, _ async throws in
            try await client.consent()
            var remaining: [Int] = []
            for _ in 0..<3 {
                let result = try await client.verifyIdentity(input: TestData.stranger)
                #expect(!result.verified)
                remaining.append(result.attemptsRemaining)
            }
            #expect(remaining == [2, 1, 0])
            let locked = try await client.checkIdentityVerification()
            #expect(!locked.canAttemptVerificationAgain)
            #expect(locked.requiredVerificationMethod == .governmentID)
            #expect(locked.acceptableDocumentTypes == [.driverLicense, .passport, .idCard])
            #expect(locked.documentVerificationStatus == .notAttempted)

            // A correct identity after the lock is not attempted.
            let after = try await client.verifyIdentity(input: TestData.johnSmith)
            #expect(!after.verified)
            #expect(after.attemptsRemaining == 0)
        }
    }

    @Test(arguments: [TestData.deceased, TestData.fraudAlert])
    func deceasedOrFraudFlaggedIdentitiesStopAtOnce(_ input: VerifyIdentityInput) async throws {
        try await withLiveClient { client, _, _ async throws in
            try await client.consent()
            let result = try await client.verifyIdentity(input: input)
            #expect(!result.verified)
            #expect(result.attemptsRemaining == 0)
            #expect(!result.canAttemptVerificationAgain)
            #expect(result.requiredVerificationMethod == .knowledgeOfPII)
        }
    }

    @Test func governmentIDRequiredForEveryone() async throws {
        try await withLiveClient { client, app, _ async throws in
            try await app.configure { $0.policy.requiredMethod = .governmentID }
            try await client.consent()
            let result = try await client.verifyIdentity(input: TestData.johnSmith)
            #expect(!result.verified)
            #expect(result.verificationMethod == .knowledgeOfPII)
            #expect(result.requiredVerificationMethod == .governmentID)
            #expect(result.documentVerificationStatus == .notAttempted)
            #expect(!result.canAttemptVerificationAgain)
        }
    }

    @Test func badInputIsATypedErrorNamingTheField() async throws {
        try await withLiveClient { client, _, _ async throws in
            try await client.consent()
            var input = TestData.johnSmith
            input.dateOfBirth = "2023-02-30"
            let error = await verityError { try await client.verifyIdentity(input: input) }
            #expect(error == .invalidInput("dateOfBirth"))
            #expect(error?.field == "dateOfBirth")
            #expect(error?.httpStatus == 400)

            input = TestData.johnSmith
            input.country = "FR"
            #expect(await verityError { try await client.verifyIdentity(input: input) }?.code == .unsupportedCountry)
            // Bad input costs no attempt.
            #expect(try await client.checkIdentityVerification().attemptsRemaining == 3)
        }
    }

    @Test func aRevokedOrExpiredTokenIsRejected() async throws {
        try await withVerityApp { app async throws in
            let url = try await app.startServer()
            let short = IdentityVerificationClient(baseURL: url, token: try await app.token(for: "u", ttlSeconds: 60), requestTimeout: TestDeadlines.requestTimeout)
            #expect(try await short.isConsentRequiredForVerification())
            app.clock.advance(seconds: 61)
            #expect(await verityError { try await short.checkIdentityVerification() } == .invalidToken)

            let garbage = IdentityVerificationClient(baseURL: url, token: "not-a-token", requestTimeout: TestDeadlines.requestTimeout)
            #expect(await verityError { try await garbage.listSupportedCountries() } == .invalidToken)
        }
    }
}
