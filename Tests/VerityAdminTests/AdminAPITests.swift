import Foundation
import Testing
import VerityAPI
import VerityTestSupport

@Suite("The admin API mints tokens and manages users")
struct AdminAPITests {
    @Test func aBackendMintsATokenTheSDKCanUse() async throws {
        try await withVerityApp { app async throws in
            let http = RawHTTP(baseURL: try await app.startServer())
            // when
            let minted = try await http.send("POST", AdminRoute.userToken(userRef: "alice@example.com").path,
                                             bearer: app.secretKey, body: nil)
            // then
            #expect(minted.status == 200)
            let token = try minted.decode(UserToken.self)
            #expect(token.expiresAtEpochMs == app.clock.now + 900_000)
            let countries = try await http.send("GET", IdentityRoute.supportedCountries.path, bearer: token.token)
            #expect(countries.status == 200)
            #expect(try countries.decode(SupportedCountries.self).countries == ["US", "GB", "CA"])
        }
    }

    @Test func tokenLifetimeIsBounded() async throws {
        try await withVerityApp { app async throws in
            let http = RawHTTP(baseURL: try await app.startServer())
            let path = AdminRoute.userToken(userRef: "u").path
            let custom = try await http.send("POST", path, bearer: app.secretKey, json: UserTokenRequest(ttlSeconds: 120))
            #expect(try custom.decode(UserToken.self).expiresAtEpochMs == app.clock.now + 120_000)
            let tooLong = try await http.send("POST", path, bearer: app.secretKey, json: UserTokenRequest(ttlSeconds: 86401))
            #expect(tooLong.status == 400)
            #expect(tooLong.error?.field == "ttlSeconds")
        }
    }

    @Test func secretKeysAreCheckedAndRevocable() async throws {
        try await withVerityApp { app async throws in
            let http = RawHTTP(baseURL: try await app.startServer())
            let path = AdminRoute.userToken(userRef: "u").path
            #expect(try await http.send("POST", path).error?.code == "NOT_AUTHORIZED")
            #expect(try await http.send("POST", path, bearer: "vk_test_forged").error?.code == "INVALID_API_KEY")
            let key = try await app.operations.tenants.createKey(tenant: app.tenant, environment: .test)
            #expect(try await http.send("POST", path, bearer: key).status == 200)
            #expect(try await app.operations.tenants.revokeKey(key))
            let revoked = try await http.send("POST", path, bearer: key)
            #expect(revoked.status == 401)
            #expect(revoked.error?.code == "INVALID_API_KEY")
        }
    }

    @Test func revokingTokensEndsThemAtOnce() async throws {
        try await withVerityApp { app async throws in
            let http = RawHTTP(baseURL: try await app.startServer())
            let token = try await app.token(for: "bob")
            #expect(try await http.send("GET", IdentityRoute.verification.path, bearer: token).status == 200)
            let revoked = try await http.send("POST", AdminRoute.revokeUserTokens(userRef: "bob").path, bearer: app.secretKey)
            #expect(try revoked.decode(RevokedTokens.self).revoked == 1)
            let after = try await http.send("GET", IdentityRoute.verification.path, bearer: token)
            #expect(after.status == 401)
            #expect(after.error?.code == "INVALID_TOKEN")
        }
    }

    @Test func anAdministrativeResetStartsTheUserAgain() async throws {
        try await withVerityApp { app async throws in
            let http = RawHTTP(baseURL: try await app.startServer())
            try await app.configure { $0.consentRequired = false }
            let token = try await app.token(for: "carol")
            for _ in 0..<3 { _ = try await http.send("POST", IdentityRoute.verify.path, bearer: token, json: TestData.stranger) }
            let locked = try await http.send("GET", AdminRoute.userVerification(userRef: "carol").path, bearer: app.secretKey)
            #expect(try locked.decode(VerifiedIdentity.self).attemptsRemaining == 0)
            // when
            let reset = try await http.send("POST", AdminRoute.resetVerification(userRef: "carol").path, bearer: app.secretKey)
            // then
            let state = try reset.decode(VerifiedIdentity.self)
            #expect(state.attemptsRemaining == 3)
            #expect(state.canAttemptVerificationAgain)
            #expect(state.verificationLastAttemptedAtEpochMs == 0)
            #expect(state.requiredVerificationMethod == .knowledgeOfPII)
            let verified = try await http.send("POST", IdentityRoute.verify.path, bearer: token, json: TestData.johnSmith)
            #expect(try verified.decode(VerifiedIdentity.self).verified)
            // The CLI does the same.
            let cli = try await app.operations.identity.resetUser(tenant: app.tenant, environment: .test, userRef: "carol")
            #expect(!cli.verified)
            #expect(try await http.send("POST", AdminRoute.resetVerification(userRef: "nobody").path,
                                        bearer: app.secretKey).error?.code == "NOT_FOUND")
        }
    }

    @Test func anAdministratorCanRequireAGovernmentIDOfOneUser() async throws {
        try await withVerityApp { app async throws in
            let http = RawHTTP(baseURL: try await app.startServer())
            _ = try await app.token(for: "dave")
            let path = AdminRoute.requiredVerificationMethod(userRef: "dave").path
            let raised = try await http.send("PUT", path, bearer: app.secretKey,
                                             json: RequiredVerificationMethodInput(requiredVerificationMethod: .governmentID))
            let state = try raised.decode(VerifiedIdentity.self)
            #expect(state.requiredVerificationMethod == .governmentID)
            #expect(state.documentVerificationStatus == .notAttempted)
            let other = try await app.token(for: "erin")
            let erin = try await http.send("GET", IdentityRoute.verification.path, bearer: other)
            #expect(try erin.decode(VerifiedIdentity.self).requiredVerificationMethod == .knowledgeOfPII)
            let none = try await http.send("PUT", path, bearer: app.secretKey, rawJSON: #"{"requiredVerificationMethod":"NONE"}"#)
            #expect(none.error?.field == "requiredVerificationMethod")
        }
    }
}

@Suite("User references are taken literally")
struct UserReferenceTests {
    @Test func percentSignsAndSlashesAreData() async throws {
        try await withVerityApp { app async throws in
            let http = RawHTTP(baseURL: try await app.startServer())
            // given a user whose reference looks percent-encoded
            _ = try await http.send("POST", AdminRoute.userToken(userRef: "a%41b/c").path, bearer: app.secretKey)
            // then it is found by exactly that reference, and not by its decoded twin
            let exact = try await http.send("GET", AdminRoute.userVerification(userRef: "a%41b/c").path, bearer: app.secretKey)
            #expect(exact.status == 200)
            let twin = try await http.send("GET", AdminRoute.userVerification(userRef: "aAb/c").path, bearer: app.secretKey)
            #expect(twin.status == 404)
            // and the CLI, which takes references as typed, finds the same user
            let reset = try await app.operations.identity.resetUser(tenant: app.tenant, environment: .test, userRef: "a%41b/c")
            #expect(reset.attemptsRemaining == 3)
        }
    }
}
