import Crypto
import Foundation
import VerityTestSupport
import Testing
@testable import VerityCore
import X509
@testable import VerityPKI

@Suite("Platform CA: certificates and revocation lists that openssl accepts")
struct PlatformCATests {
    let subject = UserSubject(givenName: "Ada", surname: "Lovelace", email: "ada@example.org", organisation: "Acme Bank",
                              userIdentifier: "U1234567890")

    func makeCA(in directory: URL) throws -> PlatformCA {
        try CAFiles(directory: directory.path, dataKey: Data(repeating: 7, count: 32))
            .initialise(organisation: "Verity Test", policy: CertificatePolicy()).ca
    }

    /// A CSR as a device builds it: its own P-256 key, signed by that key.
    func deviceRequest(_ key: P256.Signing.PrivateKey, commonName: String = "Ada Lovelace") throws -> [UInt8] {
        let csr = try CertificateSigningRequest(version: .v1, subject: try DistinguishedName { CommonName(commonName) },
                                                privateKey: Certificate.PrivateKey(key), attributes: CertificateSigningRequest.Attributes(),
                                                signatureAlgorithm: .ecdsaWithSHA256)
        return Array(try csr.serializeAsPEM().pemString.utf8)
    }

    @Test func aDeviceRequestBecomesACertificateOpensslVerifiesAgainstTheChain() throws {
        // given: a CA on disk and a device's request
        let directory = try OpenSSL.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let ca = try makeCA(in: directory)
        let deviceKey = P256.Signing.PrivateKey()
        let requestBytes = try deviceRequest(deviceKey)
        try Data(requestBytes).write(to: directory.appendingPathComponent("request.pem"))
        // when
        let request = try SigningRequest(requestBytes)
        #expect(subject.matches(request))
        let certificate = try ca.issue(publicKey: request.publicKey, subject: subject, level: .level2)
        try Data(try certificate.serializeAsPEM().pemString.utf8).write(to: directory.appendingPathComponent("user.pem"))
        // then: openssl agrees the request is self-signed and the certificate chains to the root
        let requestCheck = try OpenSSL.run(["req", "-in", "request.pem", "-verify", "-noout"], in: directory)
        #expect(requestCheck.status == 0, "\(requestCheck.output)")
        let chain = try OpenSSL.run(["verify", "-CAfile", "ca-root.pem", "-untrusted", "ca-issuing.pem", "-purpose", "sslclient", "user.pem"], in: directory)
        #expect(chain.status == 0 && chain.output.contains("user.pem: OK"), "\(chain.output)")
        let smime = try OpenSSL.run(["verify", "-CAfile", "ca-root.pem", "-untrusted", "ca-issuing.pem", "-purpose", "smimesign", "user.pem"], in: directory)
        #expect(smime.status == 0, "\(smime.output)")
        // and the certificate says what it is for
        let text = try OpenSSL.run(["x509", "-in", "user.pem", "-noout", "-text"], in: directory).output
        for expected in ["Digital Signature, Non Repudiation", "TLS Web Client Authentication, E-mail Protection", "email:ada@example.org",
                         "CN = Ada Lovelace", "GN = Ada", "SN = Lovelace", "serialNumber = U1234567890", "O = Acme Bank", "1.3.6.1.4.1.32473.1.2", "eIDAS assurance low",
                         "X509v3 Subject Key Identifier", "X509v3 Authority Key Identifier", "CA:FALSE"] {
            #expect(text.contains(expected), "missing \(expected)")
        }
        #expect(Certificate.PublicKey(deviceKey.publicKey) == certificate.publicKey)
    }

    /// Without a proven address: no e-mail name and not for protecting e-mail
    /// (openssl refuses it for S/MIME); the tenant and the entity as O and OU.
    @Test func aSubjectWithoutAProvenAddressGetsNoEMailUse() throws {
        let directory = try OpenSSL.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let ca = try makeCA(in: directory)
        let plain = UserSubject(givenName: "Ada", surname: "Lovelace", email: nil, organisation: "acme", organisationalUnit: "Acme Bank",
                                userIdentifier: "U1234567890")
        let certificate = try ca.issue(publicKey: P256.Signing.PrivateKey().publicKey, subject: plain, level: .level2)
        try Data(try certificate.serializeAsPEM().pemString.utf8).write(to: directory.appendingPathComponent("user.pem"))
        let text = try OpenSSL.run(["x509", "-in", "user.pem", "-noout", "-text"], in: directory).output
        #expect(text.contains("TLS Web Client Authentication") && !text.contains("E-mail Protection") && !text.contains("email:"), "\(text)")
        #expect(text.contains("O = acme, OU = Acme Bank"), "\(text)")
        let smime = try OpenSSL.run(["verify", "-CAfile", "ca-root.pem", "-untrusted", "ca-issuing.pem", "-purpose", "smimesign", "user.pem"],
                                    in: directory)
        #expect(smime.status != 0, "an S/MIME signer without an address")
    }

    @Test func revokedCertificatesAppearOnASignedCRL() throws {
        // given
        let directory = try OpenSSL.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let ca = try makeCA(in: directory)
        let serial = SerialNumbers.random()
        let certificate = try ca.issue(publicKey: P256.Signing.PrivateKey().publicKey, subject: subject, level: .level1, serial: serial)
        try Data(try certificate.serializeAsPEM().pemString.utf8).write(to: directory.appendingPathComponent("user.pem"))
        try Data(try ca.chainPEM().utf8).write(to: directory.appendingPathComponent("chain.pem"))
        // when
        let crl = try ca.revocationList([.init(serial: serial, revokedAt: Date())], number: 3)
        try Data(crl).write(to: directory.appendingPathComponent("crl.der"))
        _ = try OpenSSL.run(["crl", "-inform", "DER", "-in", "crl.der", "-out", "crl.pem"], in: directory)
        // then: the CRL verifies against the issuing CA and lists the serial
        let crlCheck = try OpenSSL.run(["crl", "-in", "crl.pem", "-CAfile", "chain.pem", "-noout", "-text"], in: directory)
        #expect(crlCheck.status == 0 && crlCheck.output.contains("verify OK"), "\(crlCheck.output)")
        #expect(crlCheck.output.contains("Serial Number: \(SerialNumbers.hex(serial))"))
        #expect(crlCheck.output.range(of: "CRL Number: *\\n *3\\n", options: .regularExpression) != nil, "\(crlCheck.output)")
        // and a certificate checked against it is revoked
        try (String(decoding: try Data(contentsOf: directory.appendingPathComponent("chain.pem")), as: UTF8.self)
             + String(decoding: try Data(contentsOf: directory.appendingPathComponent("crl.pem")), as: UTF8.self))
            .write(to: directory.appendingPathComponent("chain-crl.pem"), atomically: true, encoding: .utf8)
        let revoked = try OpenSSL.run(["verify", "-crl_check", "-CAfile", "chain-crl.pem", "user.pem"], in: directory)
        #expect(revoked.status != 0 && revoked.output.contains("certificate revoked"), "\(revoked.output)")
        // an empty list verifies too
        let empty = try ca.revocationList([], number: 1)
        #expect(!empty.isEmpty)
    }

    @Test func badRequestsAreValidationErrors() throws {
        let key = P256.Signing.PrivateKey()
        var tampered = try deviceRequest(key)
        // Change a byte of the PEM body (inside the base64): the signature no longer matches, or it no longer parses.
        tampered[80] = tampered[80] == UInt8(ascii: "A") ? UInt8(ascii: "B") : UInt8(ascii: "A")
        for bytes in [[], Array("not a csr".utf8), tampered, [UInt8](repeating: 0x30, count: 20_000)] {
            #expect(throws: VerityError(.validationError, "")) { try SigningRequest(bytes) }
        }
        // A P-384 key is not what devices make.
        let p384 = try CertificateSigningRequest(version: .v1, subject: try DistinguishedName { CommonName("x") },
                                                 privateKey: Certificate.PrivateKey(P384.Signing.PrivateKey()),
                                                 attributes: CertificateSigningRequest.Attributes(), signatureAlgorithm: .ecdsaWithSHA384)
        #expect(throws: VerityError(.validationError, "")) { try SigningRequest(Array(try p384.serializeAsPEM().pemString.utf8)) }
        // A request for someone else's name.
        let other = try SigningRequest(try deviceRequest(key, commonName: "Mallory"))
        #expect(!subject.matches(other))
    }

    @Test func theCAIsKeptSealedAndNeverReplaced() throws {
        let directory = try OpenSSL.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let created = try makeCA(in: directory)
        let files = CAFiles(directory: directory.path, dataKey: Data(repeating: 7, count: 32))
        let loaded = try files.load(policy: CertificatePolicy())
        #expect(loaded.issuing == created.issuing && loaded.root == created.root)
        #expect(throws: VerityError(.validationError, "")) { try files.initialise(organisation: "Again", policy: CertificatePolicy()) }
        // The wrong data key cannot open the CA key.
        #expect(throws: VerityError(.serviceUnavailable, "")) {
            try CAFiles(directory: directory.path, dataKey: Data(repeating: 8, count: 32)).load(policy: CertificatePolicy())
        }
        let attributes = try FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent("ca-issuing.key.sealed").path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        // The sealed key file holds no PEM or raw key a grep would find.
        let sealed = try Data(contentsOf: directory.appendingPathComponent("ca-issuing.key.sealed"))
        #expect(!String(decoding: sealed, as: UTF8.self).contains("PRIVATE KEY"))
    }

    @Test func policyArcsAreChecked() throws {
        #expect(try CertificatePolicy(arc: "1.3.6.1.4.1.99999").oid(for: .level4).description == "1.3.6.1.4.1.99999.1.4")
        for bad in ["", "abc", "3.1", "1..2", "1.2.3.", String(repeating: "1.", count: 40) + "1"] {
            #expect(throws: VerityError(.validationError, "")) { try CertificatePolicy(arc: bad) }
        }
    }
}
