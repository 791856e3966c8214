import Foundation
import Testing
import Verity
import VerityAPI
import VerityTestSupport

/// The Swift `MobileVerificationClient` read as `mobile-api.txt`'s React
/// Native quick start reads its results (`result.outcome`,
/// `result.data.token`), and driven one call at a time as its Sessions
/// section lists them, beside the whole-flow helpers.
@Suite("Mobile SDK: the envelope and the calls one by one", .heavy)
struct MobileSDKStepTests {
    @Test func theQuickStartReadsTheEnvelope() async throws {
        try await MobileAPI.withMobile(credits: 20) { app, url, key in
            let client = MobileVerificationClient(baseURL: url, clientKey: key, requestTimeout: TestDeadlines.requestTimeout)
            let photo = try MobileAPI.fixture("john-smith-selfie.jpg")
            // The quick start, in Swift:
            let result = try await client.verifyHuman(image: photo)
            var sentToBackend: String?
            if result.outcome == .pass {
                // Send result.data.token to your backend for validation
                sentToBackend = result.data?.token
            }
            #expect(sentToBackend?.hasPrefix("vht_") == true)
            // The flat accessors say the same, and the envelope is the API's.
            #expect(result.token == sentToBackend && result.envelope.success && result.envelope.product == .verifyHuman)
            #expect(result.envelope.verificationID == result.verificationID && result.data?.faces == 1)
            // The backend redeems it with its secret key.
            let redeemed = try await MobileAPI.call(url, "/admin/v1/mobile/tokens/verify", method: "POST",
                                                    headers: ["Authorization": "Bearer \(app.secretKey)"], json: ["token": try #require(sentToBackend)])
            #expect(redeemed.json["valid"] as? Bool == true)
        }
    }

    @Test func aVerifyIdentitySessionOneCallAtATime() async throws {
        try await MobileAPI.withMobile(credits: 100) { _, url, key in
            let client = MobileVerificationClient(baseURL: url, clientKey: key, requestTimeout: TestDeadlines.requestTimeout)
            let started = try await client.startSession(.verifyIdentity)
            let id = try #require(started.sessionID)
            #expect(started.nextStep == .uploadSelfie && started.data?.credits == 40)
            let selfie = try await client.uploadSelfie(.verifyIdentity, sessionID: id,
                                                       selfie: try MobileAPI.fixture("john-smith-selfie.jpg"))
            #expect(selfie.nextStep == .uploadIDFront && selfie.meta.step == MobileStep.uploadIDFront.rawValue)
            let licence = MobileDocument(front: try MobileAPI.fixture("john-smith-licence-front.png"),
                                         back: try MobileAPI.fixture("john-smith-licence-back.png"), type: .driverLicense, country: "US")
            let front = try await client.uploadIDFront(.verifyIdentity, sessionID: id, document: licence)
            #expect(front.nextStep == .uploadIDBack)
            let back = try await client.uploadIDBack(.verifyIdentity, sessionID: id, back: try #require(licence.back))
            #expect(back.nextStep == .submit && back.outcome == nil)
            let status = try await client.status(.verifyIdentity, sessionID: id)
            #expect(status.nextStep == .submit)

            let submitted = try await client.submit(.verifyIdentity, sessionID: id)
            #expect(submitted.outcome == .pass && submitted.nextStep == nil && submitted.verificationID != nil, "\(submitted)")
            let result = try await client.result(.verifyIdentity, sessionID: id)
            #expect(result.outcome == .pass && result.data?.result?.fields["surname"] == "SMITH")
            #expect(try await client.identityResult(sessionID: id) == result.data?.result)
            // Submitted once: a second submit is told the step moved on.
            await #expect(throws: MobileVerificationError.self) { try await client.submit(.verifyIdentity, sessionID: id) }
        }
    }

    @Test func aVerifyAgeSessionOneCallAtATime() async throws {
        try await MobileAPI.withMobile(credits: 20) { _, url, key in
            let client = MobileVerificationClient(baseURL: url, clientKey: key, requestTimeout: TestDeadlines.requestTimeout)
            let rules = try await client.verifyAgeRules()
            #expect(rules.data?.minimumAge == 18)
            let started = try await client.startAgeSession()
            let id = try #require(started.sessionID)
            #expect(started.nextStep == .step1)
            let claimed = try await client.submitDateOfBirth(sessionID: id, dateOfBirth: "1975-02-28")
            #expect(claimed.nextStep == .step2)
            let judged = try await client.submitAgeSelfie(sessionID: id, selfie: try MobileAPI.fixture("john-smith-selfie.jpg"))
            #expect(judged.outcome == .pass && (judged.data?.ageEstimate ?? 0) >= 25)
            #expect(try await client.ageStatus(sessionID: id).outcome == .pass)
        }
    }
}
