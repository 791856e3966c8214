import Fluent
import Foundation
import Testing
import Verity
import VerityAPI
@testable import VerityStore
import VerityTestSupport
@testable import VerityKernel

@Suite("Certification keeps codes, passwords and PII out of logs and the database")
struct CertificationPrivacyTests {
    @Test func noCodePasswordPhoneOrNameIsLoggedOrStoredInPlaintext() async throws {
        CapturedLogs.install
        try await withCertification(hsm: true, logLevel: "debug") { harness async throws in
            let client = try harness.client("privacy-user")
            try await harness.sendCode(client, to: "+447700900321")
            let code = try await harness.lastCode()
            try await client.verifyUserDevice(verificationCode: code)
            try await client.registerUser(["givenName": "Philippa", "surname": "Quenneville", "email": "pq@example.org", "dateOfBirth": "1981-03-09"])
            let check = try await harness.verifiedDocument("privacy-user")
            try await client.requestAccreditation(level: 4, evidence: AccreditationEvidence(kind: "document", reference: check))
            let diac = try await harness.approveNewest()
            let password = "Unguessable-Password-77"
            try await client.certifyUserAtLevel4(diac: diac, password: password)
            _ = try await client.waitForCertificate()
            _ = try await client.authenticate(password: password)
            _ = await certificationError { try await client.authenticate(password: "Wrong-Password-000") }

            let digits = diac.filter(\.isNumber)
            let database = try await DatabaseText.dump(harness.app)
            for secret in [code + " ", digits, diac, password, "+447700900321", "Philippa", "Quenneville", "pq@example.org", "1981-03-09"] {
                #expect(!database.contains(secret), "the database contains \(secret.prefix(6))…")
            }
            // Nor inside base64 (a certificate's PEM), hex or DER (a CSR): decoded first (issue 47, finding 2).
            for secret in ["+447700900321", "Philippa", "Quenneville", "pq@example.org", "1981-03-09", password] {
                #expect(try await !DatabaseText.holdsDecoded(harness.app, secret), "the database holds \(secret.prefix(6))… encoded")
            }
            let logs = CapturedLogs.all.joined(separator: "\n")
            #expect(!logs.isEmpty)
            for secret in [digits, diac, password, "+447700900321", "Philippa", "Quenneville", "pq@example.org"] {
                #expect(!logs.contains(secret), "a log line contains \(secret.prefix(6))…")
            }
            #expect(logs.range(of: #"vdt_[0-9A-Za-z]{8}"#, options: .regularExpression) == nil)
            #expect(logs.range(of: "Your verification code is [0-9]{6}", options: .regularExpression) == nil)
        }
    }

    @Test func anotherTenantSeesNothing() async throws {
        try await withCertification { harness async throws in
            let client = try await harness.registeredClient("alice")
            _ = try await client.certifyUserAtLevel1()
            // A second tenant with a user of the same reference.
            let operations = try harness.app.operations
            _ = try await operations.tenants.createKey(tenant: "globex", environment: .test)
            let outsider = CertificationClient(baseURL: harness.url, entity: CertificationHarness.entity,
                                               keyStore: try FileKeyStore(directory: FileManager.default.temporaryDirectory.appendingPathComponent("verity-keys-\(UUID().uuidString)")),
                                               requestTimeout: TestDeadlines.requestTimeout) {
                try await operations.identity.mintToken(tenant: "globex", environment: .test, userRef: "alice", ttlSeconds: nil).token
            }
            #expect(await certificationError { try await outsider.requestEntityDetails() }?.code == .notFound)
            #expect(await certificationError { try await outsider.requestUser() }?.code == .notFound)
        }
    }

    /// A certificate and its CSR name their holder: sealed under the holder's
    /// key. Those an older release kept in clear (a PEM, whose base64 hides
    /// the name from a plain search) are sealed by the housekeeping sweep
    /// (issue 47, finding 2).
    /// The name a certificate and its request carry (its common name).
    static let holderName = "Alice Example"

    @Test func certificatesKeptInClearByAnOlderReleaseAreSealedByTheSweep() async throws {
        try await withCertification { harness async throws in
            let client = try await harness.registeredClient("alice")
            _ = try await client.certifyUserAtLevel1()
            try await client.resolve(try #require(await certificationError { try await client.requestUser() }))
            let issued = try await client.fetchCertificate()
            let db = harness.app.app.db
            #expect(try await !DatabaseText.holdsDecoded(harness.app, Self.holderName), "a new certificate is kept in clear")

            // As an older release kept it: the PEM and the CSR in clear.
            let row = try #require(try await UserCertificateModel.query(on: db).with(\.$registration).first())
            let reader = try await PersonKeyRepository(db: db, protector: try harness.app.app.dataProtector).reader(userID: row.registration.$user.id)
            let (pem, csr) = (try row.pem(reader: reader), try row.csrDER(reader: reader))
            try await db.write { tx in
                try await UserCertificateModel.query(on: tx).filter(\.$id == (try row.requireID()))
                    .set(\.$certificatePEM, to: pem).set(\.$certificateSealed, to: nil).set(\.$csr, to: csr).update()
            }
            #expect(try await DatabaseText.holdsDecoded(harness.app, Self.holderName), "the search does not see inside a PEM")

            let swept = try await harness.app.operations.retention.housekeeping()
            #expect(swept.certificatesSealed == 1)
            #expect(try await !DatabaseText.holdsDecoded(harness.app, Self.holderName), "the sweep left the certificate in clear")
            #expect(try await harness.app.operations.retention.housekeeping().certificatesSealed == 0)
            #expect(try await client.fetchCertificate().chainPEM == issued.chainPEM)
        }
    }
}
