import Crypto
import Foundation
import Testing
@testable import VerityCore
@testable import VerityPKI
import VerityTestSupport
import X509

@Suite("The platform CA with its keys in the HSM")
struct HSMCAFilesTests {
    @Test func caKeysMadeInTheHSMSignCertificatesOpenSSLAccepts() throws {
        let pin = "ca-pin-5678"
        let token = try SoftHSM.token(pin: pin)
        let folder = try OpenSSL.temporaryDirectory()
        let files = CAFiles(directory: folder.path, dataKey: Data(repeating: 7, count: 32))
        let keys = CAFiles.HSMKeys(module: SoftHSM.module, token: token, pin: pin)
        _ = try files.initialise(organisation: "HSM Test", policy: try CertificatePolicy(), hsm: keys)
        #expect(files.keysInHSM)
        // No key material on disk: certificates and the token's name only.
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(!names.contains { $0.hasSuffix(".sealed") })
        #expect(!(try String(contentsOfFile: folder.appendingPathComponent("ca-keys.json").path, encoding: .utf8)).contains(pin))

        // Loading needs the HSM; with it, the issuing key signs a user certificate.
        #expect(throws: VerityError.self) { try files.load(policy: try CertificatePolicy()) }
        #expect(throws: VerityError.self) { try files.load(policy: try CertificatePolicy(), hsm: (SoftHSM.module, "wrong-pin")) }
        let ca = try files.load(policy: try CertificatePolicy(), hsm: (SoftHSM.module, pin))
        let user = P256.Signing.PrivateKey()
        let certificate = try ca.issue(publicKey: user.publicKey, subject: UserSubject(
            givenName: "Hana", surname: "Example", email: nil, organisation: "HSM Test", userIdentifier: "ABC123"), level: .level3)
        try certificate.serializeAsPEM().pemString.write(to: folder.appendingPathComponent("user.pem"), atomically: true, encoding: .utf8)
        let verify = try OpenSSL.run(["verify", "-CAfile", "ca-root.pem", "-untrusted", "ca-issuing.pem", "user.pem"], in: folder)
        #expect(verify.status == 0, "\(verify.output)")
        // The keys stay sensitive and unextractable in the token. (This session
        // logs the token out as it ends; the CA's kept session logs in again.)
        let protection = try SoftHSM.module.withSession(token: token, pin: pin) { session throws(VerityError) in
            try session.protection(label: "verity-ca-issuing")
        }
        #expect(protection.sensitive && !protection.extractable)
        let again = try ca.issue(publicKey: P256.Signing.PrivateKey().publicKey, subject: UserSubject(
            givenName: "Ivo", surname: "Example", email: nil, organisation: "HSM Test", userIdentifier: "ABC124"), level: .level2)
        try again.serializeAsPEM().pemString.write(to: folder.appendingPathComponent("again.pem"), atomically: true, encoding: .utf8)
        #expect(try OpenSSL.run(["verify", "-CAfile", "ca-root.pem", "-untrusted", "ca-issuing.pem", "again.pem"], in: folder).status == 0)
    }
}
