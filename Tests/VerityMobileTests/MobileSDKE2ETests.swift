import Foundation
import Testing
import Verity
import VerityAPI
@testable import VerityCore
@testable import VerityStore
import VerityTestSupport

/// `MobileVerificationClient` against a live server: every product through
/// the SDK, typed errors, and a rate-limited call retried after `Retry-After`.
@Suite("Mobile SDK against a live server", .heavy)
struct MobileSDKE2ETests {
    @Test func verifyHumanAgeAndIdentityThroughTheSDK() async throws {
        try await MobileAPI.withMobile(credits: 100) { app, url, key in
            let client = MobileVerificationClient(baseURL: url, clientKey: key, requestTimeout: TestDeadlines.requestTimeout)
            let human = try await client.verifyHuman(image: try MobileAPI.fixture("john-smith-selfie.jpg"))
            #expect(human.outcome == .pass && human.token?.hasPrefix("vht_") == true)
            #expect(try await client.verifyHumanStatus(verificationID: human.verificationID).outcome == .pass)

            let age = try await client.verifyAge(dateOfBirth: "1975-02-28", selfie: try MobileAPI.fixture("john-smith-selfie.jpg")) {
                Issue.record("a clear adult face needs no document")
                return try MobileAPI.passport
            }
            #expect(age.outcome == .pass && age.nextStep == nil && (age.ageEstimate ?? 0) >= 25)

            let identity = try await client.verifyIdentity(selfie: try MobileAPI.fixture("john-smith-selfie.jpg"), document: try MobileAPI.passport)
            #expect(identity.outcome == .pass)
            let result = try await client.identityResult(sessionID: identity.sessionID)
            #expect(result.fields["surname"] == "SMITH" && result.faceMatch.match == true)
            #expect(try await MobileAPI.balance(app) == 100 - 1 - 10 - 40)
        }
    }

    @Test func verifyComplianceThroughTheSDKReportsTheMatchedEntry() async throws {
        try await MobileAPI.withMobile(credits: 120) { app, url, key in
            try await app.useSanctions([SanctionsEntry(id: 99, name: "SMITH, John", kind: .individual, programs: ["TEST"],
                                      datesOfBirth: [.init(year: 1975, month: 2, day: 28)])],
                source: "test.csv", now: 1)
            let client = MobileVerificationClient(baseURL: url, clientKey: key, requestTimeout: TestDeadlines.requestTimeout)
            let listed = try await client.verifyCompliance(selfie: try MobileAPI.fixture("john-smith-selfie.jpg"), document: try MobileAPI.passport)
            #expect(listed.outcome == .fail && listed.reasons.contains("SANCTIONS_MATCH"), "\(listed)")
            let result = try await client.identityResult(sessionID: listed.sessionID, product: .verifyCompliance)
            let match = try #require(result.screening?.matches.first)
            #expect(match.entryID == 99 && match.listedName == "SMITH, John" && match.programs == ["TEST"] && match.score >= 0.88)
            #expect(match.reasons.contains("date of birth agrees"))
            // The same session is not a VerifyIdentity session.
            await #expect(throws: MobileVerificationError.self) { try await client.identityResult(sessionID: listed.sessionID) }

            try await app.useSanctions([SanctionsEntry(id: 100, name: "DOE, Jane", kind: .individual)],
                                                                   source: "other.csv", now: 2)
            let clear = try await client.verifyCompliance(selfie: try MobileAPI.fixture("john-smith-selfie.jpg"), document: try MobileAPI.passport)
            #expect(clear.outcome == .pass)
            let clearResult = try await client.identityResult(sessionID: clear.sessionID, product: .verifyCompliance)
            #expect(clearResult.screening?.matches == [] && clearResult.screening?.name.contains("SMITH") == true)
            #expect(try await MobileAPI.balance(app) == 0)
        }
    }

    @Test func aDemoKeyAnswersEveryProductAsDocumentedWithoutCredits() async throws {
        try await MobileAPI.withMobile(credits: 0, demo: true) { app, url, key in
            let client = MobileVerificationClient(baseURL: url, clientKey: key, requestTimeout: TestDeadlines.requestTimeout)
            let selfie = try MobileAPI.fixture("john-smith-selfie.jpg")
            let human = try await client.verifyHuman(image: selfie)
            #expect(human.outcome == .pass && human.token == "vht_demo.demo" && human.verificationID == "mver_demo_verifyhuman")
            let age = try await client.verifyAge(dateOfBirth: "1990-01-01", selfie: selfie) { try MobileAPI.passport }
            #expect(age.outcome == .pass && age.ageEstimate == 30)
            let identity = try await client.verifyIdentity(selfie: selfie, document: try MobileAPI.passport)
            #expect(identity.outcome == .pass && identity.sessionID.hasPrefix("msess_demo_"))
            let identityResult = try await client.identityResult(sessionID: identity.sessionID)
            #expect(identityResult.fields == ["surname": "DEMO", "given_names": "ALEX", "date_of_birth": "1990-01-01"])
            #expect(identityResult.faceMatch.distance == 0.3 && identityResult.screening == nil)
            // No sanctions list is imported here: a demo key's compliance answer consults none.
            let compliance = try await client.verifyCompliance(selfie: selfie, document: try MobileAPI.passport)
            #expect(compliance.outcome == .pass)
            let screening = try await client.identityResult(sessionID: compliance.sessionID, product: .verifyCompliance).screening
            #expect(screening?.name == "ALEX DEMO" && screening?.matches == [])
            #expect(try await MobileAPI.balance(app) == 0)
        }
    }

    @Test func verifyAgeAsksForTheDocumentOnlyWhenTheFaceIsNotClearEnough() async throws {
        try await MobileAPI.withMobile(credits: 10) { app, url, key in
            try await app.configure { $0.mobile.ageMargin = 60 }
            let client = MobileVerificationClient(baseURL: url, clientKey: key, requestTimeout: TestDeadlines.requestTimeout)
            let asked = AskCounter()
            let age = try await client.verifyAge(dateOfBirth: "1975-02-28", selfie: try MobileAPI.fixture("john-smith-selfie.jpg")) {
                await asked.increment()
                return try MobileAPI.passport
            }
            let times = await asked.count
            #expect(age.outcome == .pass && times == 1)
        }
    }

    @Test func anUnreadableDocumentIsRetakenInTheSameSession() async throws {
        try await MobileAPI.withMobile(credits: 40) { _, url, key in
            let client = MobileVerificationClient(baseURL: url, clientKey: key, requestTimeout: TestDeadlines.requestTimeout)
            let blurred = MobileDocument(front: try MobileAPI.fixture("john-smith-blurred-passport-front.png"), type: .passport, country: "US")
            let first = try await client.verifyIdentity(selfie: try MobileAPI.fixture("john-smith-selfie.jpg"), document: blurred)
            #expect(first.outcome == nil && first.nextStep == .uploadIDFront && first.reasons.contains("BLURRY"))
            let second = try await client.retakeDocument(sessionID: first.sessionID, document: try MobileAPI.passport)
            #expect(second.outcome == .pass)
        }
    }

    @Test func errorsArriveTypedByCode() async throws {
        try await MobileAPI.withMobile(scopes: [.verifyHuman], credits: 0) { _, url, key in
            let client = MobileVerificationClient(baseURL: url, clientKey: key, requestTimeout: TestDeadlines.requestTimeout)
            await #expect(throws: MobileVerificationError(code: .creditsExhausted, message: "")) {
                _ = try await client.verifyHuman(image: try MobileAPI.fixture("john-smith-selfie.jpg"))
            }
            await #expect(throws: MobileVerificationError(code: .scopeNotAuthorized, message: "")) {
                _ = try await client.verifyIdentity(selfie: try MobileAPI.fixture("john-smith-selfie.jpg"), document: try MobileAPI.passport)
            }
            await #expect(throws: MobileVerificationError(code: .invalidImage, message: "")) {
                _ = try await client.verifyHuman(image: Data("not an image".utf8))
            }
            let stranger = MobileVerificationClient(baseURL: url, clientKey: "vhk_test_" + String(repeating: "z", count: 40), requestTimeout: TestDeadlines.requestTimeout)
            await #expect(throws: MobileVerificationError(code: .invalidClientKey, message: "")) {
                _ = try await stranger.verifyHuman(image: try MobileAPI.fixture("john-smith-selfie.jpg"))
            }
        }
    }

    @Test func aRateLimitedCallIsRetriedAfterRetryAfterAndChargedOnce() async throws {
        try await MobileAPI.withMobile(credits: 10) { app, url, key in
            try await app.configure { $0.mobile.requestsPerMinute = 1 }
            // Put the server's clock two seconds before a new minute.
            let intoMinute = Int(app.clock.now % 60_000 / 1000)
            app.clock.advance(seconds: 58 - intoMinute)
            // Retries by the count, not the time: the refused call is retried
            // after each Retry-After (2 s) until the clock below has moved, however
            // late a loaded machine runs the move.
            let client = MobileVerificationClient(baseURL: url, clientKey: key, retryDelays: Array(repeating: .milliseconds(200), count: 30),
                                                  maximumWait: .seconds(5), requestTimeout: TestDeadlines.requestTimeout)
            _ = try await client.verifyHuman(image: try MobileAPI.fixture("john-smith-selfie.jpg"))
            let clock = app.clock
            let mover = Task { try await Task.sleep(for: .milliseconds(500)); clock.advance(seconds: 3) }
            let second = try await client.verifyHuman(image: try MobileAPI.fixture("john-smith-selfie.jpg"))
            _ = try await mover.value
            #expect(second.outcome == .pass)
            #expect(try await MobileAPI.balance(app) == 8)
        }
    }
}

actor AskCounter {
    private(set) var count = 0
    func increment() { count += 1 }
}
