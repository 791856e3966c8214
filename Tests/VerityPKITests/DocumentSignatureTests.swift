import Crypto
import Foundation
import VerityTestSupport
import Testing
@testable import VerityCore
import X509
@testable import VerityPKI

@Suite("Document signatures: detached CMS that openssl verifies, and that Verity checks")
struct DocumentSignatureTests {
    let subject = UserSubject(givenName: "Ada", surname: "Lovelace", email: "ada@example.org", organisation: "Acme Bank",
                              userIdentifier: "U1234567890")

    @Test func aSignedDocumentVerifiesWithOpensslAndVerityAndTamperingIsCaught() async throws {
        // given: a CA, a user certificate for a device key, and a document
        let directory = try OpenSSL.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let ca = try CAFiles(directory: directory.path, dataKey: Data(repeating: 1, count: 32))
            .initialise(organisation: "Verity Test", policy: CertificatePolicy()).ca
        let deviceKey = P256.Signing.PrivateKey()
        let certificate = try ca.issue(publicKey: deviceKey.publicKey, subject: subject, level: .level3)
        let document = Array("Loan agreement no. 42: the borrower repays 1,000 EUR by 2027-01-01.\n".utf8)
        // when
        let signature = try DocumentSignature.sign(document, certificate: certificate, key: Certificate.PrivateKey(deviceKey), chain: [ca.issuing])
        try Data(document).write(to: directory.appendingPathComponent("document.txt"))
        try Data(signature).write(to: directory.appendingPathComponent("document.p7s"))
        // then: openssl checks the detached signature against the root
        let check = try OpenSSL.run(["cms", "-verify", "-binary", "-inform", "DER", "-in", "document.p7s", "-content", "document.txt",
                                     "-CAfile", "ca-root.pem", "-purpose", "any", "-out", "/dev/null"], in: directory)
        #expect(check.status == 0 && check.output.contains("Verification successful"), "\(check.output)")
        // and so does Verity, naming the signer
        let signer = try await DocumentSignature.verify(document, signature: signature, root: ca.root, intermediates: [ca.issuing])
        #expect(signer == certificate)
        // a changed document fails both
        var changed = document
        changed[20] = UInt8(ascii: "9")
        await #expect(throws: VerityError(.validationError, "")) {
            try await DocumentSignature.verify(changed, signature: signature, root: ca.root, intermediates: [ca.issuing])
        }
        try Data(changed).write(to: directory.appendingPathComponent("changed.txt"))
        let changedCheck = try OpenSSL.run(["cms", "-verify", "-binary", "-inform", "DER", "-in", "document.p7s", "-content", "changed.txt",
                                            "-CAfile", "ca-root.pem", "-purpose", "any", "-out", "/dev/null"], in: directory)
        #expect(changedCheck.status != 0)
        // a revoked signer fails Verity's check
        await #expect(throws: VerityError(.validationError, "")) {
            try await DocumentSignature.verify(document, signature: signature, root: ca.root, intermediates: [ca.issuing],
                                               revokedSerials: [SerialNumbers.hex(Array(certificate.serialNumber.bytes))])
        }
    }

    @Test func aSignerFromAnotherCAIsRefused() async throws {
        let ours = try PlatformCA.create(organisation: "Ours", rootKey: SoftwareCAKey(), issuingKey: SoftwareCAKey(), policy: CertificatePolicy())
        let theirs = try PlatformCA.create(organisation: "Theirs", rootKey: SoftwareCAKey(), issuingKey: SoftwareCAKey(), policy: CertificatePolicy())
        let key = P256.Signing.PrivateKey()
        let foreign = try theirs.issue(publicKey: key.publicKey, subject: subject, level: .level2)
        let signature = try DocumentSignature.sign([1, 2, 3], certificate: foreign, key: Certificate.PrivateKey(key), chain: [theirs.issuing])
        await #expect(throws: VerityError(.validationError, "")) {
            try await DocumentSignature.verify([1, 2, 3], signature: signature, root: ours.root, intermediates: [ours.issuing])
        }
        for garbage: [UInt8] in [[], [0x30, 0x03, 0x02, 0x01, 0x01], Array("-----BEGIN PKCS7-----".utf8)] {
            await #expect(throws: VerityError(.validationError, "")) {
                try await DocumentSignature.verify([1, 2, 3], signature: garbage, root: ours.root, intermediates: [ours.issuing])
            }
        }
    }
}
