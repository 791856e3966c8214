import Foundation
import Testing
@testable import VerityCore
@testable import VerityStore
import VerityTestSupport

/// A mobile client built from `mobile-api.txt` alone sends only the fields it
/// lists: the images, and `date_of_birth` at VerifyAge's step 1. Its document
/// names its own type and country (MRZ or licence barcode), the result says
/// what was detected, and a document that names neither is taken again.
@Suite("Mobile API: a client sending only the specification's fields", .heavy)
struct MobileSpecificationFieldsE2ETests {
    static func call(_ url: URL, _ key: String, _ session: String?, _ path: String, _ json: [String: Any] = [:]) async throws -> MobileAPI.Answer {
        var headers = ["X-Client-Key": key]
        headers["X-Mobile-Session"] = session
        return try await MobileAPI.call(url, path, method: "POST", headers: headers, json: json)
    }

    static func image(_ path: String) throws -> String { try Data(contentsOf: URL(fileURLWithPath: path)).base64EncodedString() }
    static func fixture(_ name: String) throws -> String { try image("\(DocumentFixtures.directory)/\(name)") }

    /// selfie, front, back when asked, submit: each step's next_step followed as a client would.
    static func identity(_ url: URL, _ key: String, product: String = "verifyidentity", selfie: String, front: String, back: String?)
        async throws -> (session: String, fronted: MobileAPI.Answer, submitted: MobileAPI.Answer) {
        let base = "/api/mobile/v1/" + product
        let start = try await call(url, key, nil, base + "/session")
        let session = try #require(start.json["session_id"] as? String)
        _ = try await call(url, key, session, base + "/upload/selfie", ["selfie_b64": selfie])
        let fronted = try await call(url, key, session, base + "/upload/id-front", ["id_front_b64": front])
        if fronted.json["next_step"] as? String == "upload_id_back", let back {
            _ = try await call(url, key, session, base + "/upload/id-back", ["id_back_b64": back])
        }
        return (session, fronted, try await call(url, key, session, base + "/submit"))
    }

    static func result(_ url: URL, _ key: String, product: String = "verifyidentity", _ session: String) async throws -> [String: Any] {
        let answer = try await MobileAPI.call(url, "/api/mobile/v1/\(product)/result/\(session)", headers: ["X-Client-Key": key])
        return try #require(answer.data["result"] as? [String: Any], "\(answer.json)")
    }

    @Test func aPassportNamesItsTypeAtTheFrontSoTheBackIsSkippedAndTheResultSaysWhatWasDetected() async throws {
        try await MobileAPI.withMobile(credits: 40) { _, url, key in
            let run = try await Self.identity(url, key, selfie: try MobileAPI.johnSelfie, front: try Self.fixture("john-smith-passport-front.png"), back: nil)
            #expect(run.fronted.status == 200 && run.fronted.json["next_step"] as? String == "submit", "\(run.fronted.json)")
            // meta.step is the session's current step, as the specification's envelope shows it.
            #expect(run.fronted.meta["step"] as? String == "submit")
            #expect(run.submitted.meta["step"] as? String == "submit" && run.submitted.json["next_step"] is NSNull)
            #expect(run.submitted.json["outcome"] as? String == "pass", "\(run.submitted.json)")
            let result = try await Self.result(url, key, run.session)
            #expect(result["document_type"] as? String == "passport" && result["country"] as? String == "US")
            #expect(result["detected"] as? [String] == ["document_type", "country"])
        }
    }

    @Test func aLicenceFrontSaysNothingSoItsBackIsAskedForAndItsBarcodeNamesIt() async throws {
        try await MobileAPI.withMobile(credits: 60) { app, url, key in
            try await app.useSanctions([SanctionsEntry(id: 7, name: "GARCIA, Maria", kind: .individual, programs: ["TEST"])], source: "test.csv", now: 1)
            let run = try await Self.identity(url, key, product: "verifycompliance", selfie: try MobileAPI.johnSelfie,
                                              front: try Self.fixture("john-smith-licence-front.png"),
                                              back: try Self.fixture("john-smith-licence-back.png"))
            #expect(run.fronted.json["next_step"] as? String == "upload_id_back")
            #expect(run.submitted.json["outcome"] as? String == "pass", "\(run.submitted.json)")
            let result = try await Self.result(url, key, product: "verifycompliance", run.session)
            #expect(result["document_type"] as? String == "driverLicense" && result["country"] as? String == "US")
            #expect(((result["screening"] as? [String: Any])?["matches"] as? [Any])?.isEmpty == true, "John Smith is not Maria Garcia")
        }
    }

    @Test func aRealPassportScanNamesItsCountryAndTheFlowReachesAnOutcome() async throws {
        // Canada's specimen passport (../shared/data/documents/mrz-specimens, made by no one on the
        // project): its MRZ says passport and CA; the selfie is someone else's, and the specimen expired.
        try await MobileAPI.withMobile(credits: 40) { app, url, key in
            try await app.configure { $0.supportedCountries = ["US", "CA"] }
            let front = try Self.image(SpecimenFiles.path("passports/Canada.png"))
            let run = try await Self.identity(url, key, selfie: try MobileAPI.johnSelfie, front: front, back: nil)
            #expect(run.fronted.json["next_step"] as? String == "submit", "\(run.fronted.json)")
            #expect(run.submitted.json["outcome"] as? String == "fail", "\(run.submitted.json)")
            #expect(run.submitted.data["reasons"] as? [String] == ["DOCUMENT_EXPIRED", "FACE_MISMATCH"])
            let result = try await Self.result(url, key, run.session)
            #expect(result["document_type"] as? String == "passport" && result["country"] as? String == "CA")
            // The MRZ's small print: its surname is misread (MKZTTN, flagged for review in the report), its given name is not.
            #expect((result["fields"] as? [String: String])?["given_names"] == "SARAH", "\(result)")
        }
    }

    @Test func aDocumentThatNamesNothingIsTakenAgainUnchargedWithItsImagesErased() async throws {
        try await MobileAPI.withMobile(credits: 40) { app, url, key in
            // A selfie where the document should be: no MRZ, no barcode.
            let run = try await Self.identity(url, key, selfie: try MobileAPI.johnSelfie, front: try MobileAPI.johnSelfie, back: try MobileAPI.johnSelfie)
            #expect(run.submitted.status == 200 && run.submitted.json["next_step"] as? String == "upload_id_front", "\(run.submitted.json)")
            #expect(run.submitted.data["reasons"] as? [String] == ["DOCUMENT_TYPE_UNKNOWN"])
            #expect(try await MobileAPI.balance(app) == 40)
            #expect(try await DatabaseText.count(app, """
                SELECT COUNT(*) AS n FROM mobile_sessions WHERE sealed_selfie IS NOT NULL AND sealed_front IS NULL AND sealed_back IS NULL
                """) == 1)
            // The hint, when sent, still says what it says: a wrong one is refused as before.
            let wrong = try await Self.call(url, key, run.session, "/api/mobile/v1/verifyidentity/upload/id-front",
                                            ["id_front_b64": try Self.fixture("john-smith-passport-front.png"), "document_type": "visa"])
            #expect(wrong.status == 400 && wrong.code == "INVALID_INPUT" && wrong.json["field"] as? String == "document_type")
        }
    }

    @Test func verifyAgeEscalatesToADocumentSentWithoutTypeOrCountry() async throws {
        try await MobileAPI.withMobile(credits: 10) { app, url, key in
            try await app.configure { $0.mobile.ageMargin = 60 }
            let base = "/api/mobile/v1/verifyage"
            let start = try await Self.call(url, key, nil, base + "/session")
            let session = try #require(start.json["session_id"] as? String)
            _ = try await Self.call(url, key, session, base + "/step1", ["date_of_birth": "1975-02-28"])
            let two = try await Self.call(url, key, session, base + "/step2", ["selfie_b64": try MobileAPI.johnSelfie])
            #expect(two.json["next_step"] as? String == "step3", "\(two.json)")
            let three = try await Self.call(url, key, session, base + "/step3", ["id_front_b64": try Self.fixture("john-smith-passport-front.png")])
            #expect(three.json["outcome"] as? String == "pass", "\(three.json)")
        }
    }

    /// VerifyHuman with its one field, and VerifyAge without escalation (a clear adult face):
    /// each outcome is still readable through its status after the flow ended.
    @Test func verifyHumanAndVerifyAgeWithoutEscalationNeedOnlyTheirListedFields() async throws {
        try await MobileAPI.withMobile(credits: 11) { _, url, key in
            let human = try await Self.call(url, key, nil, "/api/mobile/v1/verifyhuman/verify", ["selfie_b64": try MobileAPI.johnSelfie])
            #expect(human.json["outcome"] as? String == "pass", "\(human.json)")
            let id = try #require(human.json["verification_id"] as? String)
            let status = try await MobileAPI.call(url, "/api/mobile/v1/verifyhuman/status/\(id)", headers: ["X-Client-Key": key])
            #expect(status.json["outcome"] as? String == "pass")

            let base = "/api/mobile/v1/verifyage"
            let session = try #require(try await Self.call(url, key, nil, base + "/session").json["session_id"] as? String)
            _ = try await Self.call(url, key, session, base + "/step1", ["date_of_birth": "1975-02-28"])
            let two = try await Self.call(url, key, session, base + "/step2", ["selfie_b64": try MobileAPI.johnSelfie])
            #expect(two.json["outcome"] as? String == "pass" && two.json["next_step"] is NSNull, "\(two.json)")
            let ended = try await MobileAPI.call(url, base + "/status/\(session)", headers: ["X-Client-Key": key])
            #expect(ended.json["outcome"] as? String == "pass" && ended.data["age_estimate"] is Double, "\(ended.json)")
        }
    }
}
