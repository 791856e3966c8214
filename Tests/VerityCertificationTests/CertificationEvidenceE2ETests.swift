import Fluent
import Foundation
import Testing
import Verity
import VerityAPI
@testable import VerityCore
@testable import VerityStore
import VerityTestSupport

/// Through the `async` client: what the specification leaves to the platform
/// (who may claim which evidence, where the SMS goes) and the certificate a
/// level-3 user's device keeps by itself.
@Suite("Certification: evidence, the SMS number and the kept certificate")
struct CertificationEvidenceE2ETests {
    static let phone = "+447700900123"

    /// Level 3 by a video call with an operator: the request, the operator's
    /// approval with the call as evidence, `certifyUser(withDIAC:)`, then
    /// `requestUser` shows `CERTIFIED` and stores the certificate, so the
    /// device signs at once (no project-only fetch).
    @Test func levelThreeByVideoCallThenRequestUserStoresTheIssuedCertificate() async throws {
        try await withCertification { harness async throws in
            let client = try await harness.registeredClient("spec-level3", phone: Self.phone)

            // A user cannot claim the call themselves.
            let claimed = await certificationError {
                try await client.requestAccreditation(level: 3, evidence: AccreditationEvidence(kind: "videoCall", reference: "call-1"))
            }
            #expect(claimed?.code == .validationError && claimed?.field == "evidence.kind")

            try await client.requestAccreditation(level: 3)
            let code = try await harness.approveNewest(evidence: AccreditationEvidence(kind: "videoCall", reference: "call 2026-11-25 10:30, operator 7"))
            #expect(code.filter(\.isNumber).count == 16)

            let pending = try await client.certifyUser(withDIAC: code)
            #expect(pending.status == User.Status.certificatePending)
            let user = try await client.waitUntilCertified()
            #expect(user.status == User.Status.certified && user.certificate?.level == 3)
            let signature = try await client.signDocument(Data("contract".utf8))
            #expect(!signature.isEmpty)
        }
    }

    @Test func withoutANumberOnFileTheAppMustNameOne() async throws {
        try await withCertification { harness async throws in
            let client = try harness.client("no-phone")
            let refused = await certificationError { try await client.requestUserDeviceVerification() }
            #expect(refused?.code == .validationError && refused?.field == "phoneNumber")
            try await client.requestUserDeviceVerification(phoneNumber: Self.phone)
            #expect(try await harness.lastRecipient() == Self.phone)
        }
    }
}

extension CertificationHarness {
    /// Who the newest message in the development outbox went to.
    func lastRecipient() async throws -> String {
        let protector = try DataProtector(dataKey: app.settings.dataKey)
        guard let row = try await OutboxMessageModel.query(on: app.app.db).sort(\.$createdAt, .descending).first() else { return "" }
        return try row.opened(protector).to
    }
}
