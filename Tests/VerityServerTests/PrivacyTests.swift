import Foundation
import Fluent
import Testing
import VerityAPI
@testable import VerityStore
import VerityTestSupport

@Suite("PII and secrets are never stored in plaintext")
struct PrivacyTests {
    @Test func theDatabaseHoldsNoNamesDatesKeysOrTokens() async throws {
        try await withVerityApp { app async throws in
            // given
            let http = RawHTTP(baseURL: try await app.startServer())
            try await app.configure { $0.consentRequired = false }
            let token = try await app.token(for: "private-user@example.com")
            let unusual = VerifyIdentityInput(firstName: "Zebulon", lastName: "Quixotically", address: "7 Xylophone Way",
                                              postalCode: "10001", country: "US", dateOfBirth: "1977-07-17")
            _ = try await http.send("POST", IdentityRoute.verify.path, bearer: token, json: unusual)
            _ = try await http.send("POST", IdentityRoute.verify.path, bearer: token, json: TestData.johnSmith)
            // when
            let everything = try await DatabaseText.dump(app)
            // then
            for secret in ["Smith", "SMITH", "smith", "1975-02-28", "Peachtree", "Quixotically", "1977-07-17",
                           "Xylophone", "private-user@example.com", app.secretKey, token] {
                #expect(!everything.contains(secret), "the database contains \(secret.prefix(12))")
            }
            // The dump is real: the tenant's name is not secret and is there.
            #expect(everything.contains("acme"))
            // Nor inside base64, hex or DER, in the files (SQLite and its log) or a pg_dump (issue 47).
            let phoneUser = try await app.token(for: "contact-user", phoneNumber: "+447700900777", email: "zq-contact@example.org")
            _ = try await http.send("POST", IdentityRoute.verify.path, bearer: phoneUser, json: unusual)
            for secret in ["Quixotically", "Xylophone", "1977-07-17", "+447700900777", "zq-contact@example.org", "private-user@example.com"] {
                #expect(try await !DatabaseText.holdsDecoded(app, secret), "the database holds \(secret.prefix(8))… encoded")
            }
            #expect(try await DatabaseText.holdsDecoded(app, "acme"))
        }
    }

    @Test func theAuditTrailKeepsAttemptsWithoutPII() async throws {
        try await withVerityApp { app async throws in
            let http = RawHTTP(baseURL: try await app.startServer())
            try await app.configure { $0.consentRequired = false }
            let token = try await app.token(for: "audited")
            _ = try await http.send("POST", IdentityRoute.verify.path, bearer: token, json: TestData.stranger)
            app.clock.advance(seconds: 1)
            _ = try await http.send("POST", IdentityRoute.verify.path, bearer: token, json: TestData.johnSmith)
            let attempts = try await VerificationAttemptModel.query(on: app.app.db).sort(\.$attemptedAt).all()
            #expect(attempts.map(\.outcome) == [.notMatched, .matched])
            #expect(attempts.allSatisfy { $0.source == "registry" && $0.settledAt != nil && $0.inputDigest.count == 64 })
            #expect(attempts[0].inputDigest != attempts[1].inputDigest)
            // Operators read it with `verity audit`.
            let lines = try await app.operations.tenants.audit(tenant: app.tenant, environment: .test, limit: 10)
            #expect(lines.filter { $0.kind == "attempt" }.map(\.action) == ["registry:matched", "registry:notMatched"])
        }
    }
}
