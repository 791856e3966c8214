import Foundation
import SQLKit
import Testing
@testable import VerityCore
import VerityTestSupport

/// The server-wide sweep (`verity housekeeping`, and every minute on a running
/// server): idle sessions expire and their sealed images and state go, each
/// environment by its own idle limit, even where no request ever comes back;
/// an expired session answers SESSION_EXPIRED and an ended one its result
/// until the result retention ends; day-old Idempotency-Key answers go too.
@Suite("Mobile API: housekeeping")
struct MobileHousekeepingE2ETests {
    static let base = "/api/mobile/v1/verifyidentity"

    static func post(_ url: URL, _ key: String, _ session: String?, _ path: String, _ json: [String: Any] = [:],
                     idempotencyKey: String? = nil) async throws -> MobileAPI.Answer {
        var headers = ["X-Client-Key": key]
        headers["X-Mobile-Session"] = session
        headers["Idempotency-Key"] = idempotencyKey
        return try await MobileAPI.call(url, base + path, method: "POST", headers: headers, json: json)
    }

    /// A session holding a selfie and a document front, sealed.
    static func sessionWithImages(_ url: URL, _ key: String) async throws -> String {
        let start = try await post(url, key, nil, "/session")
        let session = try #require(start.json["session_id"] as? String, "\(start.json)")
        let selfie = try await post(url, key, session, "/upload/selfie", ["selfie_b64": try MobileAPI.johnSelfie])
        #expect(selfie.status == 200, "\(selfie.json)")
        let front = try await post(url, key, session, "/upload/id-front", [
            "id_front_b64": try MobileAPI.selfie("\(DocumentFixtures.directory)/john-smith-passport-front.png"),
            "document_type": "passport", "country": "US",
        ])
        #expect(front.status == 200, "\(front.json)")
        return session
    }

    static func sealedImages(_ app: VerityTestApp) async throws -> Int {
        try await DatabaseText.count(app, "SELECT COUNT(*) AS n FROM mobile_sessions WHERE sealed_selfie IS NOT NULL OR sealed_front IS NOT NULL")
    }

    /// 64 bytes from the middle of the sealed front of `tenant`'s session, as stored.
    static func sealedFront(_ app: VerityTestApp, tenant: String) async throws -> Data {
        let sql = try #require(app.app.db as? any SQLDatabase)
        let row = try await sql.raw("""
            SELECT s.sealed_front AS front FROM mobile_sessions s JOIN environments e ON e.id = s.environment_id
            JOIN tenants t ON t.id = e.tenant_id WHERE t.name = \(bind: tenant)
            """).first()
        let front = try #require(try row?.decode(column: "front", as: Data?.self))
        return front.subdata(in: (front.count / 2)..<(front.count / 2 + 64))
    }

    @Test func idleSessionsGoWithTheirImagesEachEnvironmentByItsOwnLimit() async throws {
        try await MobileAPI.withMobile(credits: 100) { app, url, key in
            try await app.configure { $0.mobile.sessionMinutes = 60 }
            let operations = try app.operations
            let otherKey = try await operations.mobile.createClientKey(tenant: "other", environment: .test, scopes: MobileProduct.allCases, demo: false)
            _ = try await operations.mobile.grantCredits(tenant: "other", environment: .test, amount: 100, note: "test")
            let patient = try await Self.sessionWithImages(url, key)       // acme: 60 idle minutes
            let forgotten = try await Self.sessionWithImages(url, otherKey) // other: the default 30
            #expect(try await Self.sealedImages(app) == 2)
            let sealedBytes = try await DatabaseText.count(app, "SELECT COUNT(*) AS n FROM mobile_sessions WHERE LENGTH(sealed_front) > 1000")
            #expect(sealedBytes == 2)
            // A run of the forgotten session's sealed front, to look for in the database afterwards.
            let ciphertext = try await Self.sealedFront(app, tenant: "other")
            #expect(try await DatabaseText.holds(app, ciphertext), "the search must find the sealed image while it is there")

            // Nothing is past its limit yet: the sweep leaves both alone.
            app.clock.advance(seconds: 29 * 60)
            #expect(try await operations.retention.housekeeping().mobileSessions == 0)

            // 31 minutes: the other tenant's session is gone, images and all, though nobody called again.
            app.clock.advance(seconds: 2 * 60)
            #expect(try await operations.retention.housekeeping().mobileSessions == 1)
            #expect(try await Self.sealedImages(app) == 1)
            #expect(try await !DatabaseText.holds(app, ciphertext), "the swept session's sealed image is still in the database file")
            let gone = try await Self.post(url, otherKey, forgotten, "/submit")
            #expect(gone.status == 410 && gone.code == "SESSION_EXPIRED", "\(gone.json)")
            let stillThere = try await MobileAPI.call(url, Self.base + "/status/\(patient)", headers: ["X-Client-Key": key])
            #expect(stillThere.status == 200 && stillThere.json["next_step"] as? String == "submit", "\(stillThere.json)")

            // 60 idle minutes after that status read: acme's expires too, and no session holds anything.
            app.clock.advance(seconds: 61 * 60)
            #expect(try await operations.retention.housekeeping().mobileSessions == 1)
            #expect(try await DatabaseText.count(app, "SELECT COUNT(*) AS n FROM mobile_sessions WHERE sealed_state IS NOT NULL") == 0)
            #expect(try await Self.sealedImages(app) == 0)
            // Past the result retention (30 days), the rows themselves go.
            app.clock.advance(seconds: 30 * 86_400)
            #expect(try await operations.retention.housekeeping().mobileSessions == 2)
            #expect(try await DatabaseText.count(app, "SELECT COUNT(*) AS n FROM mobile_sessions") == 0)
        }
    }

    @Test func eachProductsSessionsLiveAsLongAsItsOwnLifetime() async throws {
        try await MobileAPI.withMobile(credits: 100) { app, url, key in
            try await app.configure { $0.mobile.productSessionMinutes = ["verifyage": 5] }
            let age = try await MobileAPI.call(url, "/api/mobile/v1/verifyage/session", method: "POST", headers: ["X-Client-Key": key], json: [:])
            let ageSession = try #require(age.json["session_id"] as? String)
            let identity = try await Self.post(url, key, nil, "/session")
            let identitySession = try #require(identity.json["session_id"] as? String)
            app.clock.advance(seconds: 6 * 60)
            let expired = try await MobileAPI.call(url, "/api/mobile/v1/verifyage/step1", method: "POST",
                                                   headers: ["X-Client-Key": key, "X-Mobile-Session": ageSession], json: ["date_of_birth": "1975-02-28"])
            #expect(expired.status == 410 && expired.code == "SESSION_EXPIRED", "\(expired.json)")
            let alive = try await Self.post(url, key, identitySession, "/upload/selfie", ["selfie_b64": try MobileAPI.johnSelfie])
            #expect(alive.status == 200 && alive.json["next_step"] as? String == "upload_id_front", "\(alive.json)")
            #expect(try await DatabaseText.count(app, "SELECT COUNT(*) AS n FROM mobile_sessions WHERE product = 'verifyage' AND sealed_state IS NOT NULL") == 0)
            #expect(try await DatabaseText.count(app, "SELECT COUNT(*) AS n FROM mobile_sessions WHERE product = 'verifyidentity'") == 1)
        }
    }

    @Test func anEndedSessionsResultOutlivesItsIdleLimitUntilTheRetentionEnds() async throws {
        try await MobileAPI.withMobile(credits: 40) { app, url, key in
            try await app.configure { $0.mobile.resultRetentionDays = 7 }
            let session = try await Self.sessionWithImages(url, key)
            let done = try await Self.post(url, key, session, "/submit")
            #expect(done.json["outcome"] as? String == "pass", "\(done.json)")
            let result = { try await MobileAPI.call(url, Self.base + "/result/\(session)", headers: ["X-Client-Key": key]) }
            // An hour, then six days later: idle far past 30 minutes, the result is still there, without images.
            for seconds in [3_600, 6 * 86_400] {
                app.clock.advance(seconds: seconds)
                _ = try await app.operations.retention.housekeeping()
                let read = try await result()
                #expect(read.status == 200 && (read.data["result"] as? [String: Any])?["decision"] as? String == "pass", "\(read.json)")
                let status = try await MobileAPI.call(url, Self.base + "/status/\(session)", headers: ["X-Client-Key": key])
                #expect(status.json["outcome"] as? String == "pass")
            }
            #expect(try await Self.sealedImages(app) == 0)
            // Past the seven days: gone.
            app.clock.advance(seconds: 2 * 86_400)
            #expect(try await app.operations.retention.housekeeping().mobileSessions == 1)
            #expect(try await result().status == 404)
        }
    }

    @Test func dayOldIdempotencyAnswersGoAndTheKeyStartsAfresh() async throws {
        try await MobileAPI.withMobile(credits: 100) { app, url, key in
            let first = try await Self.post(url, key, nil, "/session", idempotencyKey: "start-1")
            let replay = try await Self.post(url, key, nil, "/session", idempotencyKey: "start-1")
            #expect(first.json["session_id"] as? String == replay.json["session_id"] as? String)
            #expect(try await DatabaseText.count(app, "SELECT COUNT(*) AS n FROM idempotency_keys") == 1)
            app.clock.advance(seconds: 23 * 3600)
            #expect(try await app.operations.retention.housekeeping().idempotencyKeys == 0)
            app.clock.advance(seconds: 2 * 3600)
            #expect(try await app.operations.retention.housekeeping().idempotencyKeys == 1)
            #expect(try await DatabaseText.count(app, "SELECT COUNT(*) AS n FROM idempotency_keys") == 0)
            let fresh = try await Self.post(url, key, nil, "/session", idempotencyKey: "start-1")
            #expect(fresh.status == 200 && fresh.json["session_id"] as? String != first.json["session_id"] as? String)
        }
    }
}
