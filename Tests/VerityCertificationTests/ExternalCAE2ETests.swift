import Crypto
import Foundation
import SwiftASN1
import Testing
import Vapor
import Verity
import VerityAPI
@testable import VerityCore
@testable import VerityPKI
import VerityTestSupport
import X509
@testable import VerityKernel
@testable import VerityCertification

/// An outside CA on loopback, speaking the protocol of docs/certification.md,
/// signing with a CA of its own (not the platform's).
final class FakeExternalCA: @unchecked Sendable {
    let ca: PlatformCA
    let app: Application
    let token = "outside-ca-token"
    private let lock = NSLock()
    private var revokedSerials: [String] = []
    var revoked: [String] { lock.withLock { revokedSerials } }

    init() async throws {
        ca = try PlatformCA.create(organisation: "Outside Trust", rootKey: SoftwareCAKey(), issuingKey: SoftwareCAKey(),
                                   policy: try CertificatePolicy())
        app = try await Application.make(.testing)
        app.logger.logLevel = .warning
        let ca = ca, token = token
        app.post("certificates") { request async throws -> Response in
            guard request.headers.bearerAuthorization?.token == token else { return Response(status: .unauthorized) }
            struct Body: Decodable {
                struct Subject: Decodable { let givenName, surname, serialNumber, organisation: String; let email: String? }
                let level: Int; let subject: Subject; let publicKey: String
            }
            let body = try request.content.decode(Body.self)
            guard let der = Data(base64Encoded: body.publicKey),
                  let key = P256.Signing.PublicKey(try Certificate.PublicKey(derEncoded: Array(der))) else { return Response(status: .badRequest) }
            let subject = UserSubject(givenName: body.subject.givenName, surname: body.subject.surname, email: body.subject.email,
                                      organisation: body.subject.organisation, userIdentifier: body.subject.serialNumber)
            let certificate = try ca.issue(publicKey: key, subject: subject, level: try AccreditationLevel.parse(body.level))
            let response = Response(status: .created)
            try response.content.encode(["certificate": try certificate.serializeAsPEM().pemString], as: .json)
            return response
        }
        app.post("revocations") { [weak self] request async throws -> HTTPStatus in
            let serial = try request.content.decode([String: String].self)["serialNumber"] ?? ""
            self?.lock.withLock { self?.revokedSerials.append(serial) }
            return .noContent
        }
        try await app.server.start(address: .hostname("127.0.0.1", port: 0))
    }

    var url: URL { URL(string: "http://127.0.0.1:\(app.http.server.shared.localAddress?.port ?? 0)")! }

    /// The chain file the platform is configured with.
    func chainFile() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("outside-chain-\(UUID().uuidString).pem").path
        try ca.chainPEM().write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func stop() async throws {
        await app.server.shutdown()
        try await app.asyncShutdown()
    }
}

@Suite("An outside CA issues levels 2–4 over HTTP")
struct ExternalCAE2ETests {
    @Test func levelTwoIsIssuedByTheOutsideCAAndStillWorks() async throws {
        let outside = try await FakeExternalCA()
        let chain = try outside.chainFile()
        do {
            // The outside CA issues for live environments only: test ones have a CA of their own.
            try await withCertification(environment: .live, settings: { settings in
                settings.externalCA = ExternalCASettings(url: outside.url, token: outside.token, chainPath: chain)
            }) { harness async throws in
                let client = try await harness.registeredClient("alice")
                // Level 1 stays the platform's own.
                _ = try await client.certifyUserAtLevel1()
                let first = try await client.waitForCertificate()
                #expect(try CertificationClientChains.issuer(first.chainPEM).contains("Verity Test"))

                try await client.requestAccreditation(level: 2)
                try await client.certifyUser(diac: try await harness.approveNewest())
                let second = try await client.waitForCertificate()
                #expect(second.level == 2)
                #expect(try CertificationClientChains.issuer(second.chainPEM).contains("Outside Trust"))
                #expect(try await client.authenticate().level == 2)

                // openssl agrees: the chain the client got verifies against the outside root.
                let folder = try OpenSSL.temporaryDirectory()
                try second.chainPEM.write(to: folder.appendingPathComponent("chain.pem"), atomically: true, encoding: .utf8)
                try outside.ca.root.serializeAsPEM().pemString.write(to: folder.appendingPathComponent("root.pem"), atomically: true, encoding: .utf8)
                try outside.ca.issuing.serializeAsPEM().pemString.write(to: folder.appendingPathComponent("issuing.pem"), atomically: true, encoding: .utf8)
                let verify = try OpenSSL.run(["verify", "-CAfile", "root.pem", "-untrusted", "issuing.pem", "chain.pem"], in: folder)
                #expect(verify.status == 0, "\(verify.output)")

                _ = try await client.resolving { try await client.uncertify() }
                #expect(outside.revoked == [second.serialNumber])
            }
        } catch {
            try await outside.stop()
            throw error
        }
        try await outside.stop()
    }

    @Test func aRefusingOrWrongCAFailsTheRequestAndTheUserMayTryAgain() async throws {
        let outside = try await FakeExternalCA()
        let chain = try outside.chainFile()
        do {
            // The outside CA issues for live environments only: test ones have a CA of their own.
            try await withCertification(environment: .live, settings: { settings in
                settings.externalCA = ExternalCASettings(url: outside.url, token: "a-wrong-token", chainPath: chain)
            }) { harness async throws in
                let client = try await harness.registeredClient("alice")
                try await client.requestAccreditation(level: 2)
                try await client.certifyUser(diac: try await harness.approveNewest())
                let status = try await waitFor("the refused certificate job to settle") { () async throws -> Observed<CertificationStatus> in
                    let status = try await client.currentUser().status
                    return status == .certificatePending ? .notYet("\(status)") : .ready(status)
                }
                #expect(status == .uncertified)
            }
        } catch {
            try await outside.stop()
            throw error
        }
        try await outside.stop()
    }
}

enum CertificationClientChains {
    /// The issuer of the first certificate in a PEM chain.
    static func issuer(_ pem: String) throws -> String {
        let documents = try PEMDocument.parseMultiple(pemString: pem)
        return try Certificate(derEncoded: documents[0].derBytes).issuer.description
    }
}
