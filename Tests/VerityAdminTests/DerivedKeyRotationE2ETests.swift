import Fluent
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import SQLKit
import Testing
import Vapor
import Verity
import VerityAPI
@testable import VerityCore
@testable import VerityStore
import VerityTestSupport
@testable import VerityKernel
@testable import VerityAdmin

/// `verity keys rotate-derived-keys` (issue 47, finding 1): new random keys
/// for indexes and signatures; every index a lookup needs recomputed from
/// its sealed value; what the old keys signed still accepted for the
/// overlap, responses signed with the pinned key until it ends.
@Suite("Rotating the derived keys recomputes every index and keeps what was signed working for the overlap")
struct DerivedKeyRotationE2ETests {
    @Test func afterARotationEveryoneIsFoundAndOldTokensWorkUntilTheOverlapEnds() async throws {
        try await withVerityApp { app async throws in
            try await app.configure { $0.consentRequired = false }
            let url = try await app.startServer()
            let token = try await app.token(for: "before-rotation", ttlSeconds: 86_400, email: "before@example.org")
            #expect(try await IdentityVerificationClient(baseURL: url, token: token, requestTimeout: TestDeadlines.requestTimeout)
                .verifyIdentity(input: DataKeyRotationE2ETests.john).verified)
            _ = try await app.operations.operators.createOperator(tenant: "acme", email: "reviewer@example.org", role: .reviewer, password: nil,
                                                        secondFactor: false)
            _ = try await app.operations.tenants.createHMACKey(tenant: "acme", environment: .test)
            let pinned = try await app.operations.tenants.responsePublicKey(tenant: "acme", environment: .test)
            #expect(pinned.next == nil)
            let indexesBefore = try await DatabaseText.strings(app, "SELECT ref_index AS s FROM end_users ORDER BY id")

            // Every server stopped (this one serves no more requests): rotate.
            let report = try await app.operations.keyRotation.rotateDerivedKeys(overlapDays: 3)
            #expect(report.recomputed["end_users"] == 1 && report.recomputed["operators"] == 1)
            #expect((report.recomputed["registry_records"] ?? 0) >= 1)
            let indexesAfter = try await DatabaseText.strings(app, "SELECT ref_index AS s FROM end_users ORDER BY id")
            #expect(indexesAfter.count == 1 && indexesAfter != indexesBefore, "the reference index was not recomputed")
            await #expect(throws: VerityError.self, "a process that read the keys before the rotation changes nothing") {
                _ = try await app.operations.keyRotation.rotateDerivedKeys()
            }

            try await app.withServer(settings: app.settings) { url, server in
                let operations = try AdminOperations(app: server, settings: app.settings, clock: app.clock.verityClock)
                await #expect(throws: VerityError.self, "a second rotation inside the window would end it early") {
                    _ = try await operations.keyRotation.rotateDerivedKeys()
                }
                // The user is found by reference, the old token works, a new user matches the registry.
                let (status, identity) = try await TestHTTP.get(url, AdminRoute.userVerification(userRef: "before-rotation").path,
                                                                bearer: app.secretKey, as: VerifiedIdentity.self)
                #expect(status == 200 && identity?.verified == true)
                #expect(try await IdentityVerificationClient(baseURL: url, token: token, requestTimeout: TestDeadlines.requestTimeout)
                    .checkIdentityVerification().verified)
                let fresh = try await operations.identity.mintToken(tenant: "acme", environment: .test, userRef: "after-rotation").token
                #expect(try await IdentityVerificationClient(baseURL: url, token: fresh, requestTimeout: TestDeadlines.requestTimeout)
                    .verifyIdentity(input: DataKeyRotationE2ETests.john).verified)
                // The operator's address is found: the same address again is refused.
                await #expect(throws: VerityError.self) {
                    _ = try await operations.operators.createOperator(tenant: "acme", email: "reviewer@example.org", role: .viewer, password: nil,
                                                            secondFactor: false)
                }
                // Responses are still signed with the pinned key; the next one is published with when it takes over.
                let during = try await operations.tenants.responsePublicKey(tenant: "acme", environment: .test)
                #expect(during.pem == pinned.pem)
                let next = try #require(during.next)
                #expect(next.signsFromEpochMs == report.retiringUntil && next.pem != pinned.pem)

                // The overlap over: the next key signs, the old token is refused, the new one works.
                app.clock.advance(seconds: 3 * 86_400 + 1)
                let after = try await operations.tenants.responsePublicKey(tenant: "acme", environment: .test)
                #expect(after.pem == next.pem && after.next == nil)
                let old = try await TestHTTP.get(url, IdentityRoute.verification.path, bearer: token, as: VerifiedIdentity.self)
                #expect(old.0 == 401)
                let renewed = try await operations.identity.mintToken(tenant: "acme", environment: .test, userRef: "before-rotation").token
                let (renewedStatus, _) = try await TestHTTP.get(url, IdentityRoute.verification.path, bearer: renewed, as: VerifiedIdentity.self)
                #expect(renewedStatus == 200)
            }
        }
    }
}
