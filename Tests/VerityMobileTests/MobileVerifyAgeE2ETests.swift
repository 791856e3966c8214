import Foundation
import Testing
@testable import VerityCore
import VerityTestSupport

/// VerifyAge through the mobile API: the date of birth, the face, the
/// document when the face is not clear enough; order, expiry, environments,
/// charging and what is left in the database.
@Suite("Mobile API: VerifyAge sessions", .heavy)
struct MobileVerifyAgeE2ETests {
    static let base = "/api/mobile/v1/verifyage"

    static func start(_ url: URL, _ key: String) async throws -> String {
        let answer = try await MobileAPI.call(url, base + "/session", method: "POST", headers: ["X-Client-Key": key], json: [:])
        #expect(answer.status == 200 && answer.json["next_step"] as? String == "step1")
        return try #require(answer.json["session_id"] as? String)
    }

    static func step(_ url: URL, _ key: String, _ session: String, _ step: String, _ json: [String: Any]) async throws -> MobileAPI.Answer {
        try await MobileAPI.call(url, base + "/" + step, method: "POST", headers: ["X-Client-Key": key, "X-Mobile-Session": session], json: json)
    }

    static var passport: String { get throws { try MobileAPI.selfie("\(DocumentFixtures.directory)/john-smith-passport-front.png") } }

    @Test func anAdultFacePassesAtStepTwoAndTheSessionEndsCharged() async throws {
        try await MobileAPI.withMobile(credits: 20) { app, url, key in
            let rules = try await MobileAPI.call(url, Self.base + "/rules", headers: ["X-Client-Key": key])
            #expect(rules.data["minimum_age"] as? Int == 18 && rules.json["next_step"] as? String == "step1")
            let session = try await Self.start(url, key)
            #expect(session.hasPrefix("msess_test_"))
            let one = try await Self.step(url, key, session, "step1", ["date_of_birth": "1975-02-28"])
            #expect(one.json["next_step"] as? String == "step2" && one.json["outcome"] is NSNull)
            let two = try await Self.step(url, key, session, "step2", ["selfie_b64": try MobileAPI.johnSelfie])
            #expect(two.json["outcome"] as? String == "pass" && two.json["next_step"] is NSNull, "\(two.json)")
            #expect((two.data["age_estimate"] as? Double ?? 0) >= 25)
            #expect(try await MobileAPI.balance(app) == 10)
            let status = try await MobileAPI.call(url, Self.base + "/status/\(session)", headers: ["X-Client-Key": key])
            #expect(status.json["outcome"] as? String == "pass" && (status.json["verification_id"] as? String)?.hasPrefix("mver_") == true)
            // Ended: no step is taken again.
            let again = try await Self.step(url, key, session, "step2", ["selfie_b64": try MobileAPI.johnSelfie])
            #expect(again.status == 409 && again.code == "SESSION_WRONG_STEP")
            #expect(try await MobileAPI.balance(app) == 10)
        }
    }

    @Test func aFaceTooCloseToTheMinimumAsksForADocumentWhoseBirthDateAndPortraitDecide() async throws {
        try await MobileAPI.withMobile(credits: 10) { app, url, key in
            try await app.configure { $0.mobile.ageMargin = 60 }
            let session = try await Self.start(url, key)
            _ = try await Self.step(url, key, session, "step1", ["date_of_birth": "1975-02-28"])
            let two = try await Self.step(url, key, session, "step2", ["selfie_b64": try MobileAPI.johnSelfie])
            #expect(two.json["next_step"] as? String == "step3" && two.json["outcome"] is NSNull, "\(two.json)")
            // The selfie waits, sealed, for step 3.
            let waiting = try await DatabaseText.dump(app)
            #expect(!waiting.contains("1975-02-28"))
            let three = try await Self.step(url, key, session, "step3", [
                "id_front_b64": try Self.passport, "document_type": "passport", "country": "US"])
            #expect(three.json["outcome"] as? String == "pass", "\(three.json)")
            #expect(try await MobileAPI.balance(app) == 0)
            // Ended: the images are gone from the session.
            let sql = try await DatabaseText.count(app, "SELECT COUNT(*) AS n FROM mobile_sessions WHERE sealed_selfie IS NULL AND sealed_front IS NULL")
            #expect(sql == 1)
        }
    }

    @Test func aClaimedMinorFailsAtStepOneAndAnotherPersonsDocumentFailsAtStepThree() async throws {
        try await MobileAPI.withMobile(credits: 20) { app, url, key in
            let minor = try await Self.start(url, key)
            let one = try await Self.step(url, key, minor, "step1", ["date_of_birth": "2015-06-01"])
            #expect(one.json["outcome"] as? String == "fail" && one.data["reasons"] as? [String] == ["AGE_BELOW_MINIMUM"])
            // A step after the end is refused with the session's outcome and verification, and nothing due.
            let after = try await Self.step(url, key, minor, "step2", ["selfie_b64": try MobileAPI.johnSelfie])
            #expect(after.status == 409 && after.code == "SESSION_WRONG_STEP" && after.json["outcome"] as? String == "fail")
            #expect(after.json["verification_id"] as? String == one.json["verification_id"] as? String && after.json["verification_id"] is String)
            #expect(after.json["next_step"] is NSNull && (after.json["meta"] as? [String: Any])?["step"] as? String == nil)
            try await app.configure { $0.mobile.ageMargin = 60 }
            let other = try await Self.start(url, key)
            _ = try await Self.step(url, key, other, "step1", ["date_of_birth": "1975-02-28"])
            _ = try await Self.step(url, key, other, "step2", ["selfie_b64": try MobileAPI.johnSelfie])
            let three = try await Self.step(url, key, other, "step3", [
                "id_front_b64": try MobileAPI.selfie("\(DocumentFixtures.directory)/maria-garcia-passport-front.png"),
                "document_type": "passport", "country": "US"])
            #expect(three.json["outcome"] as? String == "fail")
            let reasons = three.data["reasons"] as? [String] ?? []
            #expect(reasons.contains("DATE_OF_BIRTH_MISMATCH") && reasons.contains("FACE_MISMATCH"), "\(reasons)")
            #expect(try await MobileAPI.balance(app) == 0)
        }
    }

    @Test func stepsOutOfOrderMissingSessionsExpiryAndTheOtherEnvironmentAreTyped() async throws {
        try await MobileAPI.withMobile { app, url, key in
            let session = try await Self.start(url, key)
            let early = try await Self.step(url, key, session, "step2", ["selfie_b64": try MobileAPI.johnSelfie])
            #expect(early.status == 409 && early.code == "SESSION_WRONG_STEP" && early.json["session_id"] as? String == session)
            // The error carries the envelope's fields as they stand: the step due, no outcome yet.
            #expect(early.json["next_step"] as? String == "step1" && (early.json["meta"] as? [String: Any])?["step"] as? String == "step1")
            #expect(early.json["outcome"] is NSNull && early.json["verification_id"] is NSNull && early.json["product"] as? String == "verifyage")
            let noHeader = try await MobileAPI.call(url, Self.base + "/step1", method: "POST", headers: ["X-Client-Key": key],
                                                    json: ["date_of_birth": "1975-02-28"])
            #expect(noHeader.status == 400 && noHeader.code == "MISSING_REQUIRED_FIELD")
            let badDate = try await Self.step(url, key, session, "step1", ["date_of_birth": "1975-02-30"])
            #expect(badDate.status == 400 && badDate.json["field"] as? String == "date_of_birth")
            let unknown = try await Self.step(url, key, "msess_test_" + String(repeating: "a", count: 32), "step1", ["date_of_birth": "1975-02-28"])
            #expect(unknown.status == 404)
            let live = try await app.operations.mobile.createClientKey(tenant: app.tenant, environment: .live, scopes: [.verifyAge], demo: false)
            let crossed = try await Self.step(url, live, session, "step1", ["date_of_birth": "1975-02-28"])
            #expect(crossed.status == 401 && crossed.code == "INVALID_CLIENT_KEY")
            app.clock.advance(seconds: 30 * 60)
            let expired = try await Self.step(url, key, session, "step1", ["date_of_birth": "1975-02-28"])
            #expect(expired.status == 410 && expired.code == "SESSION_EXPIRED")
            #expect(try await MobileAPI.balance(app) == 10)
        }
    }

    @Test func aDemoKeyPassesWithoutCredits() async throws {
        try await MobileAPI.withMobile(credits: 0, demo: true) { app, url, key in
            let session = try await Self.start(url, key)
            #expect(session.hasPrefix("msess_demo_"))
            _ = try await Self.step(url, key, session, "step1", ["date_of_birth": "1990-01-01"])
            let two = try await Self.step(url, key, session, "step2", ["selfie_b64": try MobileAPI.johnSelfie])
            #expect(two.json["outcome"] as? String == "pass" && two.data["age_estimate"] as? Double == 30)
            #expect(try await MobileAPI.balance(app) == 0)
        }
    }
}
