import Foundation
import Testing
import VerityAPI
import VerityTestSupport

@Suite("Tenants and environments never see each other's data")
struct TenantIsolationTests {
    @Test func aKeyOfAnotherTenantOrEnvironmentCannotReachAUser() async throws {
        try await withVerityApp { app async throws in
            let http = RawHTTP(baseURL: try await app.startServer())
            // given: acme/test has a verified user "shared-ref"
            try await app.configure { $0.consentRequired = false }
            let acmeToken = try await app.token(for: "shared-ref")
            _ = try await http.send("POST", IdentityRoute.verify.path, bearer: acmeToken, json: TestData.johnSmith)
            let rivalKey = try await app.operations.tenants.createKey(tenant: "rival", environment: .test)
            let liveKey = try await app.operations.tenants.createKey(tenant: app.tenant, environment: .live)

            for key in [rivalKey, liveKey] {
                // when another tenant or environment asks about the same reference
                let lookup = try await http.send("GET", AdminRoute.userVerification(userRef: "shared-ref").path, bearer: key)
                #expect(lookup.error?.code == "NOT_FOUND")
                // then its own token for that reference is a different, unverified user
                let minted = try await http.send("POST", AdminRoute.userToken(userRef: "shared-ref").path, bearer: key)
                let token = try minted.decode(UserToken.self).token
                let theirs = try await http.send("GET", IdentityRoute.verification.path, bearer: token)
                let identity = try theirs.decode(VerifiedIdentity.self)
                #expect(!identity.verified)
                let reset = try await http.send("POST", AdminRoute.resetVerification(userRef: "shared-ref").path, bearer: key)
                #expect(reset.status == 200)
            }
            let mine = try await http.send("GET", IdentityRoute.verification.path, bearer: acmeToken)
            #expect(try mine.decode(VerifiedIdentity.self).verified)
        }
    }

    @Test func aTokenIsNotASecretKeyNorTheOtherWayRound() async throws {
        try await withVerityApp { app async throws in
            let http = RawHTTP(baseURL: try await app.startServer())
            let token = try await app.token(for: "u")
            #expect(try await http.send("POST", AdminRoute.userToken(userRef: "x").path, bearer: token).status == 401)
            #expect(try await http.send("GET", IdentityRoute.verification.path, bearer: app.secretKey).error?.code == "INVALID_TOKEN")
        }
    }
}
