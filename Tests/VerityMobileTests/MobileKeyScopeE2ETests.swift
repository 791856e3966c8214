import Foundation
import Testing
import VerityAPI
@testable import VerityCore
import VerityTestSupport

/// Issue 67: a session's and a verification's results are readable by the
/// client key that made them, and by no other, even of the same environment
/// (`docs/security.md`: a publishable key "reads no result it did not start").
@Suite("Mobile API: each client key reads only its own sessions", .heavy)
struct MobileKeyScopeE2ETests {
    @Test func aSecondKeyOfTheSameEnvironmentReadsAndDrivesNoOtherKeysSessions() async throws {
        try await MobileAPI.withMobile(credits: 50) { app, url, key in
            let second = try await app.operations.mobile.createClientKey(tenant: app.tenant, environment: .test, scopes: MobileProduct.allCases,
                                                                         demo: false)
            // A VerifyHuman verification: its status for its own key only.
            let human = try await MobileAPI.call(url, "/api/mobile/v1/verifyhuman/verify", method: "POST",
                                                 headers: ["X-Client-Key": key], json: ["selfie_b64": try MobileAPI.johnSelfie])
            let verificationID = try #require(human.json["verification_id"] as? String)
            let statusPath = "/api/mobile/v1/verifyhuman/status/\(verificationID)"
            #expect(try await MobileAPI.call(url, statusPath, headers: ["X-Client-Key": key]).status == 200)
            let others = try await MobileAPI.call(url, statusPath, headers: ["X-Client-Key": second])
            #expect(others.status == 404, "\(others.json)")

            // A VerifyIdentity session: neither read nor driven by the second key.
            let base = MobileVerifyIdentityE2ETests.base
            let start = try await MobileVerifyIdentityE2ETests.call(url, key, nil, "/session")
            let session = try #require(start.json["session_id"] as? String)
            for path in ["/status/\(session)", "/result/\(session)"] {
                let theirs = try await MobileAPI.call(url, base + path, headers: ["X-Client-Key": second])
                let mine = try await MobileAPI.call(url, base + path, headers: ["X-Client-Key": key])
                #expect(theirs.status == 404 && mine.status != 404, "\(path): \(theirs.status), \(mine.status) \(mine.json)")
            }
            let driven = try await MobileVerifyIdentityE2ETests.call(url, second, session, "/upload/selfie", ["selfie_b64": try MobileAPI.johnSelfie])
            #expect(driven.status == 404)
            let own = try await MobileVerifyIdentityE2ETests.call(url, key, session, "/upload/selfie", ["selfie_b64": try MobileAPI.johnSelfie])
            #expect(own.json["next_step"] as? String == "upload_id_front", "\(own.json)")
        }
    }
}
