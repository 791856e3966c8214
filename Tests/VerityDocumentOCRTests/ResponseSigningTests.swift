import Foundation
import Testing
import Verity
import VerityAPI
@testable import VerityCore
@testable import VerityStore
import VerityTestSupport
@testable import VerityKernel
@testable import VerityDocumentOCR

/// Signed engine responses: the environment's HMAC key (made once, stored
/// sealed, replaceable), the Ed25519 signature anyone can check offline
/// (openssl does here), and the SDK's checks refusing tampered answers.
@Suite("Response signing keys and signatures")
struct ResponseSigningTests {
    static let raw = #"{"ocrResult":{"frontNid":"29001011234567","fullName":"محمد أحمد"},"serviceID":"ocr"}"#

    func environmentID(_ app: VerityTestApp) async throws -> UUID {
        try #require(try await TenantRepository(db: app.app.db).environment(tenant: app.tenant, kind: .test)?.id)
    }

    @Test func theHMACKeyIsShownOnceStoredSealedAndReplaceable() async throws {
        try await withVerityApp { app async throws in
            let operations = try app.operations
            let key = try #require(Data(base64Encoded: try await operations.tenants.createHMACKey(tenant: app.tenant, environment: .test)))
            #expect(key.count == 32)
            #expect(try await !DatabaseText.holds(app, key))
            #expect(try await !DatabaseText.holds(app, Data(key.base64EncodedString().utf8)))
            let protector = try app.app.dataProtector
            let signer = try await ResponseSigner.load(environmentID: try await environmentID(app), db: app.app.db, protector: protector, now: app.clock.now)
            let signed = try signer.sign(serviceID: "ocr", rawResponse: Self.raw)
            #expect(SignedResponseCheck.hmacIsValid(signed, key: key))

            // A new key replaces the old: answers signed now fail under the old one.
            let newKey = try #require(Data(base64Encoded: try await operations.tenants.createHMACKey(tenant: app.tenant, environment: .test)))
            let resigned = try await ResponseSigner.load(environmentID: try await environmentID(app), db: app.app.db, protector: protector, now: app.clock.now)
                .sign(serviceID: "ocr", rawResponse: Self.raw)
            #expect(SignedResponseCheck.hmacIsValid(resigned, key: newKey) && !SignedResponseCheck.hmacIsValid(resigned, key: key))
            // The Ed25519 key is derived, so it does not change with the HMAC key.
            #expect(resigned.signature == signed.signature)
        }
    }

    @Test func tamperedResponsesDigestsAndKeysAreRefused() async throws {
        try await withVerityApp { app async throws in
            let key = try #require(Data(base64Encoded: try await app.operations.tenants.createHMACKey(tenant: app.tenant, environment: .test)))
            let protector = try app.app.dataProtector
            let signed = try await ResponseSigner.load(environmentID: try await environmentID(app), db: app.app.db, protector: protector, now: app.clock.now)
                .sign(serviceID: "ocr", rawResponse: Self.raw)
            let publicKey = try #require(Data(base64Encoded: try await app.operations.tenants.responsePublicKey(tenant: app.tenant, environment: .test).publicKey))
            #expect(SignedResponseCheck.signatureIsValid(signed, publicKey: publicKey))
            var tampered = signed
            tampered.rawResponse = signed.rawResponse.replacingOccurrences(of: "29001011234567", with: "29001011234568")
            #expect(!SignedResponseCheck.hmacIsValid(tampered, key: key) && !SignedResponseCheck.signatureIsValid(tampered, publicKey: publicKey))
            for digest in ["", "zz", String(signed.hmacDigest.dropLast()), signed.hmacDigest + "00"] {
                var bad = signed
                bad.hmacDigest = digest
                #expect(!SignedResponseCheck.hmacIsValid(bad, key: key), "\(digest)")
            }
            #expect(!SignedResponseCheck.hmacIsValid(signed, key: DataProtector.randomBytes(32)))
            var badSignature = signed
            badSignature.signature = "not base64!"
            #expect(!SignedResponseCheck.signatureIsValid(badSignature, publicKey: publicKey))
        }
    }

    @Test func opensslChecksTheSignatureWithThePublishedKey() async throws {
        try await withVerityApp { app async throws in
            _ = try await app.operations.tenants.createHMACKey(tenant: app.tenant, environment: .test)
            let protector = try app.app.dataProtector
            let signed = try await ResponseSigner.load(environmentID: try await environmentID(app), db: app.app.db, protector: protector, now: app.clock.now)
                .sign(serviceID: "ocr", rawResponse: Self.raw)
            let pem = try await app.operations.tenants.responsePublicKey(tenant: app.tenant, environment: .test).pem
            let folder = try OpenSSL.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: folder) }
            try pem.write(to: folder.appendingPathComponent("key.pem"), atomically: true, encoding: .utf8)
            try Data(signed.rawResponse.utf8).write(to: folder.appendingPathComponent("response.json"))
            try #require(Data(base64Encoded: signed.signature)).write(to: folder.appendingPathComponent("response.sig"))
            let verified = try OpenSSL.run(["pkeyutl", "-verify", "-pubin", "-inkey", "key.pem", "-rawin", "-in", "response.json",
                                            "-sigfile", "response.sig"], in: folder)
            #expect(verified.status == 0 && verified.output.contains("Signature Verified Successfully"), "\(verified.output)")
            try Data((signed.rawResponse + " ").utf8).write(to: folder.appendingPathComponent("response.json"))
            let refused = try OpenSSL.run(["pkeyutl", "-verify", "-pubin", "-inkey", "key.pem", "-rawin", "-in", "response.json",
                                           "-sigfile", "response.sig"], in: folder)
            #expect(refused.status != 0)
        }
    }

    @Test func withoutAnHMACKeyNothingIsSigned() async throws {
        try await withVerityApp { app async throws in
            let protector = try app.app.dataProtector
            await #expect(throws: VerityError(.hmacKeyMissing, "")) {
                _ = try await ResponseSigner.load(environmentID: try await environmentID(app), db: app.app.db, protector: protector, now: app.clock.now)
            }
            await #expect(throws: VerityError.self) { _ = try await app.operations.tenants.createHMACKey(tenant: "nobody", environment: .test) }
        }
    }
}
