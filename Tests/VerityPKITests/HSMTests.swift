import Crypto
import Foundation
import VerityTestSupport
import Testing
@testable import VerityCore
import X509
@testable import VerityPKI

@Suite("HSM keys through PKCS#11 on SoftHSM2")
struct HSMTests {
    let subject = UserSubject(givenName: "Ada", surname: "Lovelace", email: "ada@example.org", organisation: "Acme Bank", userIdentifier: "U4")

    @Test func keysAreMadeInsideTheTokenSignAndCannotLeaveIt() throws {
        // given
        let module = SoftHSM.module
        let token = try SoftHSM.token(pin: "correct horse")
        // when
        let publicKey = try module.withSession(token: token, pin: "correct horse") { session throws(VerityError) in
            try session.generateP256(label: "user-key")
        }
        let message = Array("challenge".utf8)
        let (signature, protection) = try module.withSession(token: token, pin: "correct horse") { session throws(VerityError) in
            (try session.sign(message, label: "user-key"), try session.protection(label: "user-key"))
        }
        // then
        #expect(publicKey.isValidSignature(signature, for: message))
        #expect(protection.sensitive && !protection.extractable)
        // A wrong password cannot sign.
        #expect(throws: VerityError(.validationError, "")) {
            try module.withSession(token: token, pin: "wrong horse") { session throws(VerityError) in try session.sign(message, label: "user-key") }
        }
        // A deleted key signs nothing.
        let deleted = try module.withSession(token: token, pin: "correct horse") { session throws(VerityError) in try session.destroy(label: "user-key") }
        #expect(deleted == 2)
        #expect(throws: VerityError(.notFound, "")) {
            try module.withSession(token: token, pin: "correct horse") { session throws(VerityError) in try session.sign(message, label: "user-key") }
        }
        #expect(throws: VerityError(.notFound, "")) {
            try module.withSession(token: "no-such-token", pin: "x") { session throws(VerityError) in try session.sign(message, label: "k") }
        }
        #expect(throws: VerityError(.validationError, "")) { try module.initialiseToken(label: "bad label!", soPIN: SoftHSM.soPIN, userPIN: "1234") }
    }

    /// A token provisioned ahead under the platform's PIN becomes the user's:
    /// after `changePIN` only their password logs in, and the SO PIN was never
    /// needed for it (issue 47, finding 15).
    @Test func aProvisionedTokensPINIsReplacedByTheUsersPassword() throws {
        let module = SoftHSM.module
        let token = try SoftHSM.token(pin: "provisioning-pin-1")
        #expect(throws: VerityError(.validationError, "")) { try module.changePIN(token: token, from: "a wrong pin", to: "anything at all") }
        try module.changePIN(token: token, from: "provisioning-pin-1", to: "the user's password")
        let publicKey = try module.withSession(token: token, pin: "the user's password") { session throws(VerityError) in
            try session.generateP256(label: "user-key")
        }
        #expect(throws: VerityError(.validationError, "")) {
            try module.withSession(token: token, pin: "provisioning-pin-1") { session throws(VerityError) in try session.publicKey(label: "user-key") }
        }
        #expect(try module.withSession(token: token, pin: "the user's password") { session throws(VerityError) in
            try session.publicKey(label: "user-key")
        }.rawRepresentation == publicKey.rawRepresentation)
    }

    @Test func anHSMBackedCAIssuesWhatOpensslVerifies() throws {
        // given: root and issuing CA keys generated in the token
        let token = try SoftHSM.token(pin: "ca-pin-0000")
        try SoftHSM.module.withSession(token: token, pin: "ca-pin-0000") { session throws(VerityError) in
            _ = try session.generateP256(label: "root")
            _ = try session.generateP256(label: "issuing")
        }
        let rootKey = try HSMKey(module: SoftHSM.module, token: token, label: "root", pin: "ca-pin-0000")
        let issuingKey = try HSMKey(module: SoftHSM.module, token: token, label: "issuing", pin: "ca-pin-0000")
        let ca = try PlatformCA.create(organisation: "Verity HSM", rootKey: rootKey, issuingKey: issuingKey, policy: CertificatePolicy())
        // when: a certificate and a CRL signed in the HSM
        let serial = SerialNumbers.random()
        let user = try ca.issue(publicKey: P256.Signing.PrivateKey().publicKey, subject: subject, level: .level3, serial: serial)
        let crl = try ca.revocationList([.init(serial: serial, revokedAt: Date())], number: 1)
        // then
        let directory = try OpenSSL.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data(try ca.root.serializeAsPEM().pemString.utf8).write(to: directory.appendingPathComponent("root.pem"))
        try Data(try ca.chainPEM().utf8).write(to: directory.appendingPathComponent("chain.pem"))
        try Data(try ca.issuing.serializeAsPEM().pemString.utf8).write(to: directory.appendingPathComponent("issuing.pem"))
        try Data(try user.serializeAsPEM().pemString.utf8).write(to: directory.appendingPathComponent("user.pem"))
        try Data(crl).write(to: directory.appendingPathComponent("crl.der"))
        let verify = try OpenSSL.run(["verify", "-CAfile", "root.pem", "-untrusted", "issuing.pem", "user.pem"], in: directory)
        #expect(verify.status == 0, "\(verify.output)")
        let crlCheck = try OpenSSL.run(["crl", "-inform", "DER", "-in", "crl.der", "-CAfile", "chain.pem", "-noout"], in: directory)
        #expect(crlCheck.output.contains("verify OK"), "\(crlCheck.output)")
    }

    @Test func aLevel4KeySignsDocumentsOnlyWithTheUsersPassword() async throws {
        // given: the user's own token, protected by their password, and a certificate for its key
        let ca = try PlatformCA.create(organisation: "Verity L4", rootKey: SoftwareCAKey(), issuingKey: SoftwareCAKey(), policy: CertificatePolicy())
        let token = try SoftHSM.token(pin: "my secret password")
        let publicKey = try SoftHSM.module.withSession(token: token, pin: "my secret password") { session throws(VerityError) in
            try session.generateP256(label: "signing")
        }
        let certificate = try ca.issue(publicKey: publicKey, subject: subject, level: .level4)
        // when
        let key = try HSMKey(module: SoftHSM.module, token: token, label: "signing", pin: "my secret password")
        let document = Array("Qualified signature test\n".utf8)
        let signature = try DocumentSignature.sign(document, certificate: certificate, key: key.certificateKey, chain: [ca.issuing])
        // then
        let signer = try await DocumentSignature.verify(document, signature: signature, root: ca.root, intermediates: [ca.issuing])
        #expect(signer == certificate)
        #expect(throws: VerityError(.validationError, "")) {
            try HSMKey(module: SoftHSM.module, token: token, label: "signing", pin: "not my password")
        }
    }
}
