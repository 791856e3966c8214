import Fluent
import Foundation
import Testing
import Verity
import VerityAPI
@testable import VerityCore
@testable import VerityStore
import VerityTestSupport

/// An approval's activation code (DIAC) by e-mail, as `certification.txt`
/// allows ("either from an API or via email"): to the address the backend
/// filed with the user token, else the registration form's; refused before
/// anything is decided when neither is known. Through the development outbox
/// here; the SMTP adapter itself is `MailGatewayTests`.
@Suite("DIAC delivery by e-mail")
struct DIACDeliveryE2ETests {
    /// A registered client whose backend filed `email` (nil: none) with the user token.

    static func approveNewest(_ harness: CertificationHarness, delivery: String) async throws -> (ActivationCodeIssued?, Int) {
        let (requests, _) = try await harness.admin("GET", CertificationAdminRoute.accreditationRequests.path + "?status=pending",
                                                    as: [AccreditationRequestView].self)
        let newest = try #require(requests?.first)
        return try await harness.admin("POST", CertificationAdminRoute.approve(id: newest.id.uuidString).path,
                                       body: AccreditationApprovalInput(delivery: delivery), as: ActivationCodeIssued.self)
    }

    static func newestOutboxRow(_ harness: CertificationHarness) async throws -> (channel: MessageChannel?, to: String, subject: String?, text: String) {
        let protector = try DataProtector(dataKey: harness.app.settings.dataKey)
        let row = try #require(try await OutboxMessageModel.query(on: harness.app.app.db).sort(\.$createdAt, .descending).first())
        let opened = try row.opened(protector)
        return (row.channel, opened.to, opened.subject, opened.text)
    }

    @Test func theCodeIsMailedToTheAddressOnFileAndCertifies() async throws {
        try await withCertification { harness async throws in
            let client = try await harness.accreditationRequested("mail-user", email: "alice.private@example.net")
            harness.app.clock.advance(seconds: 1)
            let (issued, status) = try await Self.approveNewest(harness, delivery: "email")
            #expect(status == 200 && issued?.deliveredBy == "email")
            let mail = try await Self.newestOutboxRow(harness)
            #expect(mail.channel == .email && mail.to == "alice.private@example.net")
            #expect(mail.subject == "Your Example Bank activation code")
            let code = try #require(issued?.diac)
            #expect(mail.text.contains(code))
            #expect(try await client.certifyUser(withDIAC: code).status == .certificatePending)
            // The code went to that address alone and came back: the certificate names it, for e-mail too (finding 10).
            let text = try await Self.certificateText(try await client.waitForCertificate())
            #expect(text.contains("email:alice.private@example.net") && text.contains("E-mail Protection"), "\(text)")
            #expect(!text.contains("alice@example.org"), "the form's address, never proven")
        }
    }

    /// A code sent by SMS proves no address: the certificate names none, though the form and the token have one.
    @Test func aCodeSentBySMSGivesACertificateWithNoEMailAddress() async throws {
        try await withCertification { harness async throws in
            let client = try await harness.accreditationRequested("sms-user", email: "alice.private@example.net")
            harness.app.clock.advance(seconds: 1)
            let (issued, status) = try await Self.approveNewest(harness, delivery: "sms")
            #expect(status == 200 && issued?.deliveredBy == "sms")
            _ = try await client.certifyUser(withDIAC: try #require(issued?.diac))
            let text = try await Self.certificateText(try await client.waitForCertificate())
            #expect(!text.contains("email:") && !text.contains("E-mail Protection") && text.contains("TLS Web Client Authentication"), "\(text)")
        }
    }

    /// The leaf certificate as `openssl x509 -text` prints it.
    static func certificateText(_ certificate: UserCertificate) async throws -> String {
        let folder = try OpenSSL.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try certificate.chainPEM.write(to: folder.appendingPathComponent("chain.pem"), atomically: true, encoding: .utf8)
        return try OpenSSL.run(["x509", "-in", "chain.pem", "-noout", "-text"], in: folder).output
    }

    @Test func theFormsAddressServesWhenNoneIsOnFile() async throws {
        try await withCertification { harness async throws in
            _ = try await harness.accreditationRequested("form-mail", email: nil)
            harness.app.clock.advance(seconds: 1)
            let (issued, _) = try await Self.approveNewest(harness, delivery: "email")
            #expect(issued?.deliveredBy == "email")
            #expect(try await Self.newestOutboxRow(harness).to == "alice@example.org")
        }
    }

    @Test func withoutAnyAddressTheApprovalIsRefusedAndTheRequestWaits() async throws {
        try await withCertification { harness async throws in
            var noEmail = CertificationHarness.alice
            noEmail["email"] = nil
            _ = try await harness.accreditationRequested("no-mail", email: nil, fields: noEmail)
            let (_, refused) = try await Self.approveNewest(harness, delivery: "email")
            #expect(refused == 400)
            let (_, unknown) = try await Self.approveNewest(harness, delivery: "pigeon")
            #expect(unknown == 400)
            // Still pending: an SMS delivery decides it.
            let (issued, status) = try await Self.approveNewest(harness, delivery: "sms")
            #expect(status == 200 && issued?.deliveredBy == "sms")
            #expect(try await Self.newestOutboxRow(harness).channel == nil)
        }
    }
}
