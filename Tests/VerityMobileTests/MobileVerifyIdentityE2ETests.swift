import Foundation
import Testing
@testable import VerityCore
import VerityTestSupport

/// VerifyIdentity through the mobile API with the registry people's documents
/// and selfies, read by the real engines.
@Suite("Mobile API: VerifyIdentity sessions", .heavy)
struct MobileVerifyIdentityE2ETests {
    static let base = "/api/mobile/v1/verifyidentity"

    static func fixture(_ name: String) throws -> String { try MobileAPI.selfie("\(DocumentFixtures.directory)/\(name)") }

    static func call(_ url: URL, _ key: String, _ session: String?, _ path: String, _ json: [String: Any] = [:]) async throws -> MobileAPI.Answer {
        var headers = ["X-Client-Key": key]
        headers["X-Mobile-Session"] = session
        return try await MobileAPI.call(url, base + path, method: "POST", headers: headers, json: json)
    }

    /// A session through its uploads; returns its id and the submit's answer.
    static func run(_ url: URL, _ key: String, selfie: String, front: String, back: String?, type: String) async throws
        -> (String, MobileAPI.Answer) {
        let start = try await call(url, key, nil, "/session")
        #expect(start.json["next_step"] as? String == "upload_selfie" && start.data["credits"] as? Int == 40)
        let session = try #require(start.json["session_id"] as? String)
        let one = try await call(url, key, session, "/upload/selfie", ["selfie_b64": try fixture(selfie)])
        #expect(one.json["next_step"] as? String == "upload_id_front")
        let two = try await call(url, key, session, "/upload/id-front", ["id_front_b64": try fixture(front), "document_type": type, "country": "US"])
        #expect(two.json["next_step"] as? String == (back == nil ? "submit" : "upload_id_back"))
        if let back {
            let three = try await call(url, key, session, "/upload/id-back", ["id_back_b64": try fixture(back)])
            #expect(three.json["next_step"] as? String == "submit")
        }
        return (session, try await call(url, key, session, "/submit"))
    }

    @Test func aPassportAndTheHoldersSelfiePassAndTheResultShowsWhatWasRead() async throws {
        try await MobileAPI.withMobile(credits: 40) { app, url, key in
            let (session, submitted) = try await Self.run(url, key, selfie: "john-smith-selfie.jpg", front: "john-smith-passport-front.png",
                                                          back: nil, type: "passport")
            #expect(submitted.json["outcome"] as? String == "pass" && submitted.json["next_step"] is NSNull, "\(submitted.json)")
            #expect(try await MobileAPI.balance(app) == 0)
            let result = try await MobileAPI.call(url, Self.base + "/result/\(session)", headers: ["X-Client-Key": key])
            let data = try #require(result.data["result"] as? [String: Any])
            #expect((data["fields"] as? [String: String])?["surname"] == "SMITH" && data["decision"] as? String == "pass")
            #expect((data["face_match"] as? [String: Any])?["match"] as? Bool == true)
            #expect((data["liveness"] as? [String: Any])?["attack_suspected"] as? Bool == false)
            let cleared = try await DatabaseText.count(app, """
                SELECT COUNT(*) AS n FROM mobile_sessions WHERE sealed_selfie IS NULL AND sealed_front IS NULL AND sealed_back IS NULL
                """)
            #expect(cleared == 1)
            let dump = try await DatabaseText.dump(app)
            #expect(!dump.contains("SMITH") && !dump.contains("1975-02-28"))
        }
    }

    @Test func aLicenceWithItsBackPassesAndSomeoneElsesSelfieFails() async throws {
        try await MobileAPI.withMobile(credits: 80) { app, url, key in
            let (_, licence) = try await Self.run(url, key, selfie: "john-smith-selfie.jpg", front: "john-smith-licence-front.png",
                                                 back: "john-smith-licence-back.png", type: "driverLicense")
            #expect(licence.json["outcome"] as? String == "pass", "\(licence.json)")
            let (_, other) = try await Self.run(url, key, selfie: "maria-garcia-selfie.jpg", front: "john-smith-passport-front.png",
                                               back: nil, type: "passport")
            #expect(other.json["outcome"] as? String == "fail" && other.data["reasons"] as? [String] == ["FACE_MISMATCH"], "\(other.json)")
            #expect(try await MobileAPI.balance(app) == 0)
        }
    }

    @Test func anUnreadableDocumentIsTakenAgainAndChargedOnce() async throws {
        try await MobileAPI.withMobile(credits: 40) { app, url, key in
            let (session, blurred) = try await Self.run(url, key, selfie: "john-smith-selfie.jpg", front: "john-smith-blurred-passport-front.png",
                                                        back: nil, type: "passport")
            #expect(blurred.json["outcome"] is NSNull && blurred.json["next_step"] as? String == "upload_id_front", "\(blurred.json)")
            #expect((blurred.data["reasons"] as? [String] ?? []).contains("BLURRY"))
            #expect(try await MobileAPI.balance(app) == 40)
            _ = try await Self.call(url, key, session, "/upload/id-front",
                                    ["id_front_b64": try Self.fixture("john-smith-passport-front.png"), "document_type": "passport", "country": "US"])
            let again = try await Self.call(url, key, session, "/submit")
            #expect(again.json["outcome"] as? String == "pass")
            #expect(try await MobileAPI.balance(app) == 0)
        }
    }

    @Test func stepsOutOfOrderAndAResultBeforeTheEndAreRefused() async throws {
        try await MobileAPI.withMobile(credits: 39) { _, url, key in
            // 39 credits: not enough for a session.
            let poor = try await Self.call(url, key, nil, "/session")
            #expect(poor.status == 402 && poor.code == "CREDITS_EXHAUSTED")
        }
        try await MobileAPI.withMobile(credits: 40) { _, url, key in
            let start = try await Self.call(url, key, nil, "/session")
            let session = try #require(start.json["session_id"] as? String)
            let early = try await Self.call(url, key, session, "/submit")
            #expect(early.status == 409 && early.code == "SESSION_WRONG_STEP")
            let front = try await Self.call(url, key, session, "/upload/id-front", ["id_front_b64": try Self.fixture("john-smith-passport-front.png")])
            #expect(front.status == 409 && front.code == "SESSION_WRONG_STEP")
            let result = try await MobileAPI.call(url, Self.base + "/result/\(session)", headers: ["X-Client-Key": key])
            #expect(result.status == 409 && result.code == "SESSION_WRONG_STEP")
            _ = try await Self.call(url, key, session, "/upload/selfie", ["selfie_b64": try Self.fixture("john-smith-selfie.jpg")])
            let badType = try await Self.call(url, key, session, "/upload/id-front",
                                              ["id_front_b64": try Self.fixture("john-smith-passport-front.png"), "document_type": 42])
            #expect(badType.status == 400 && badType.code == "INVALID_INPUT" && badType.json["field"] as? String == "document_type")
            let badCountry = try await Self.call(url, key, session, "/upload/id-front",
                                                 ["id_front_b64": try Self.fixture("john-smith-passport-front.png"), "country": "Utopia"])
            #expect(badCountry.status == 400 && badCountry.json["field"] as? String == "country")
        }
    }

    @Test func imagesWaitSealedAreErasedAtTheEndAndAnotherTenantSeesNothing() async throws {
        try await MobileAPI.withMobile(credits: 40) { app, url, key in
            let start = try await Self.call(url, key, nil, "/session")
            let session = try #require(start.json["session_id"] as? String)
            let selfie = try DocumentFixtures.data("john-smith-selfie.jpg")
            let front = try DocumentFixtures.data("john-smith-licence-front.png")
            let back = try DocumentFixtures.data("john-smith-licence-back.png")
            _ = try await Self.call(url, key, session, "/upload/selfie", ["selfie_b64": selfie.base64EncodedString()])
            _ = try await Self.call(url, key, session, "/upload/id-front",
                                    ["id_front_b64": front.base64EncodedString(), "document_type": "driverLicense", "country": "US"])
            _ = try await Self.call(url, key, session, "/upload/id-back", ["id_back_b64": back.base64EncodedString()])
            // Waiting for submit: all three images are in the session, sealed; none of their bytes is readable.
            let slices = [selfie, front, back].map { $0.subdata(in: ($0.count / 2)..<($0.count / 2 + 48)) }
            for slice in slices { #expect(try await !DatabaseText.holds(app, slice)) }
            #expect(try await DatabaseText.count(app, "SELECT COUNT(*) AS n FROM mobile_sessions WHERE sealed_selfie IS NOT NULL AND sealed_front IS NOT NULL AND sealed_back IS NOT NULL") == 1)
            // Another tenant's key cannot read or drive the session.
            let otherKey = try await app.operations.mobile.createClientKey(tenant: "other", environment: .test, scopes: MobileProduct.allCases, demo: false)
            let status = try await MobileAPI.call(url, Self.base + "/status/\(session)", headers: ["X-Client-Key": otherKey])
            #expect(status.status == 404)
            let submit = try await Self.call(url, otherKey, session, "/submit")
            #expect(submit.status == 404)
            let sealed = try await MobileHousekeepingE2ETests.sealedFront(app, tenant: app.tenant)
            #expect(try await DatabaseText.holds(app, sealed))
            let done = try await Self.call(url, key, session, "/submit")
            #expect(done.json["outcome"] as? String == "pass", "\(done.json)")
            for slice in slices { #expect(try await !DatabaseText.holds(app, slice)) }
            // Erased at submit; the sweep (each minute) empties SQLite's log of the versions before, so not even the ciphertext stays.
            _ = try await app.operations.retention.housekeeping()
            #expect(try await !DatabaseText.holds(app, sealed))
            #expect(try await DatabaseText.count(app, "SELECT COUNT(*) AS n FROM mobile_sessions WHERE sealed_selfie IS NULL AND sealed_front IS NULL AND sealed_back IS NULL") == 1)
        }
    }
}
