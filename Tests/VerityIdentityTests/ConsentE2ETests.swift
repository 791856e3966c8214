import Foundation
import Testing
import Verity
import VerityTestSupport

@Suite("Consent through the SDK against a live server")
struct ConsentE2ETests {
    @Test func verificationNeedsConsentWhereRequired() async throws {
        try await withLiveClient { client, _, _ async throws in
            #expect(try await client.isConsentRequiredForVerification())
            #expect(await verityError { try await client.verifyIdentity(input: TestData.johnSmith) } == .consentRequired)
            #expect(try await client.checkIdentityVerification().attemptsRemaining == 3)
        }
    }

    @Test func consentIsNotCheckedWhereNotRequired() async throws {
        try await withLiveClient { client, app, _ async throws in
            try await app.configure { $0.consentRequired = false }
            #expect(try await !client.isConsentRequiredForVerification())
            let result = try await client.verifyIdentity(input: TestData.johnSmith)
            #expect(result.verified)
            #expect(!result.consented)
        }
    }

    @Test func contentFallsBackFromLocaleToLanguageToDefault() async throws {
        try await withLiveClient { client, _, _ async throws in
            let html = try await client.getIdentityDataProcessingConsentContent(input: .init(preferredContentType: "text/html", preferredLocale: "en-US"))
            #expect(html.contentType == "text/html")
            let french = try await client.getIdentityDataProcessingConsentContent(input: .init(preferredContentType: "text/plain", preferredLocale: "fr-CA"))
            #expect(french.locale == "fr-FR")
            let fallback = try await client.getIdentityDataProcessingConsentContent(input: .init(preferredContentType: "text/plain", preferredLocale: "de-DE"))
            #expect(fallback.locale == "en-US")
            #expect(fallback.contentType == "text/plain")
        }
    }

    @Test func provideWithdrawAndHistory() async throws {
        try await withLiveClient { client, app, _ async throws in
            // given
            let content = try await client.getIdentityDataProcessingConsentContent(input: .init(preferredContentType: "text/plain", preferredLocale: "fr-FR"))
            // when
            let given = try await client.provideIdentityDataProcessingConsent(
                input: .init(content: content.content, contentType: content.contentType, locale: content.locale))
            // then
            #expect(given.consented)
            #expect(given.content == content.content)
            #expect(given.locale == "fr-FR")
            #expect(given.consentedAtEpochMs == app.clock.now)
            #expect(given.consentWithdrawnAtEpochMs == nil)
            #expect(try await client.verifyIdentity(input: TestData.johnSmith).verified)

            app.clock.advance(seconds: 5)
            let withdrawn = try await client.withdrawIdentityDataProcessingConsent()
            #expect(!withdrawn.consented)
            #expect(withdrawn.consentWithdrawnAtEpochMs == app.clock.now)
            #expect(withdrawn.consentedAtEpochMs == given.consentedAtEpochMs)
            #expect(try await client.getIdentityDataProcessingConsentStatus() == withdrawn)
            // Withdrawal does not undo an earlier verification.
            let status = try await client.checkIdentityVerification()
            #expect(status.verified)
            #expect(!status.consented)
        }
    }

    @Test func contentThatIsNotTheCurrentTextIsRejected() async throws {
        try await withLiveClient { client, app, _ async throws in
            let stale = try await client.getIdentityDataProcessingConsentContent(input: .init(preferredContentType: "text/plain", preferredLocale: "en-US"))
            try await app.operations.tenants.addConsentText(tenant: app.tenant, environment: .test, locale: "en-US",
                                                    contentType: "text/plain", content: "Version 2 of the agreement.")
            let error = await verityError {
                try await client.provideIdentityDataProcessingConsent(
                    input: .init(content: stale.content, contentType: stale.contentType, locale: stale.locale))
            }
            #expect(error?.code == .consentContentMismatch)
            #expect(try await !client.getIdentityDataProcessingConsentStatus().consented)
            let forged = await verityError {
                try await client.provideIdentityDataProcessingConsent(input: .init(content: "I agree to nothing", contentType: "text/plain", locale: "en-US"))
            }
            #expect(forged?.code == .consentContentMismatch)
        }
    }

    @Test func withdrawnConsentBlocksNewAttempts() async throws {
        try await withLiveClient { client, _, _ async throws in
            try await client.consent()
            _ = try await client.withdrawIdentityDataProcessingConsent()
            #expect(await verityError { try await client.verifyIdentity(input: TestData.stranger) } == .consentRequired)
            try await client.consent()
            #expect(try await !client.verifyIdentity(input: TestData.stranger).verified)
        }
    }

    @Test func withdrawingInTheSameMillisecondStillWithdraws() async throws {
        try await withLiveClient { client, _, _ async throws in
            // given: the clock does not move between the two calls
            try await client.consent()
            // when
            _ = try await client.withdrawIdentityDataProcessingConsent()
            // then
            #expect(try await !client.getIdentityDataProcessingConsentStatus().consented)
            #expect(await verityError { try await client.verifyIdentity(input: TestData.johnSmith) } == .consentRequired)
        }
    }
}
