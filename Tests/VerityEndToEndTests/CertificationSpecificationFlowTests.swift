import Fluent
import Foundation
import Testing
import Verity
import VerityAPI
import VerityCore
import VerityStore
import VerityTestSupport

/// `certification.txt`'s flows, written as its examples are: `SDK.getClient`
/// and the specification's names and labels (`requestUserDeviceVerification()`,
/// `verifyUserDevice(withVericationCode:)`, `User()`, `user[fieldName]`,
/// `registerUser(withUser:)`, `User.Status`, `certifyUser(withDIAC:)`,
/// `certifyUserAtLevel4(withDIAC:andPassword:)`, `uncertify()`). The
/// specification's Swift 3 callbacks are `async` calls here; each `onX`
/// callback is a `CertificationError.Code` (docs/certification.md, "From the
/// specification's callbacks").
@Suite("certification.txt's flows through the SDK")
struct CertificationSpecificationFlowTests {
    /// What the specification's apps call `SDK`: the configured client.
    struct SpecificationSDK { let getClient: CertificationClient }

    static let phone = "+447700900123"

    /// A client for `userRef` whose backend filed the user's phone number with the user token.
    static func sdk(_ harness: CertificationHarness, _ userRef: String) throws -> SpecificationSDK {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("verity-keys-\(UUID().uuidString)")
        let app = harness.app
        return SpecificationSDK(getClient: CertificationClient(baseURL: harness.url, entity: CertificationHarness.entity,
                                                               keyStore: try FileKeyStore(directory: directory),
                                   requestTimeout: TestDeadlines.requestTimeout) {
            try await app.token(for: userRef, phoneNumber: phone)
        })
    }

    /// Phone verification and registration as the specification shows them,
    /// the form filled in from the entity's field definitions.
    static func verifyAndRegister(_ SDK: SpecificationSDK, _ harness: CertificationHarness) async throws {
        // Phone Verification: the code goes to the number the user registered with.
        #expect(try await SDK.getClient.requestUser().status == User.Status.unverified)
        harness.app.clock.advance(seconds: 1)
        try await SDK.getClient.requestUserDeviceVerification()
        let code = try await harness.lastCode()
        try await SDK.getClient.verifyUserDevice(withVericationCode: code)

        // Registration
        let status = try await SDK.getClient.requestUser()
        #expect(status.status == User.Status.unregistered)
        var user = User()
        let entityDetails = try await SDK.getClient.requestEntityDetails()
        // Populate the user object for each field
        for field in entityDetails.userFieldDefinitions {
            user[field.name] = CertificationHarness.alice[field.name]
        }
        try await SDK.getClient.registerUser(withUser: user)
        #expect(try await SDK.getClient.requestUser().status == User.Status.uncertified)
    }

    @Test func levelOnePhoneVerificationRegistrationCertificationAndUncertify() async throws {
        try await withCertification { harness async throws in
            let SDK = try Self.sdk(harness, "spec-level1")
            try await Self.verifyAndRegister(SDK, harness)
            #expect(try await harness.lastRecipient() == Self.phone)

            // Level 1 Certification Process
            let certified = try await SDK.getClient.certifyUserAtLevel1()
            #expect(certified.status == User.Status.certified)
            // Authenticate online with the certificate, no fetch needed.
            let session = try await SDK.getClient.resolving { try await SDK.getClient.authenticate() }
            #expect(!session.sessionToken.isEmpty && session.level == 1)

            // Uncertify
            try await SDK.getClient.uncertify()
            #expect(try await SDK.getClient.resolving { try await SDK.getClient.requestUser() }.status == User.Status.uncertified)
        }
    }

    /// Level 3 by a video call with an operator: the request, the operator's
    /// approval with the call as evidence, `certifyUser(withDIAC:)`, then
    /// `requestUser` shows `CERTIFIED` and stores the certificate, so the
    /// device signs at once (no project-only fetch).
    @Test func levelThreeByVideoCallThenRequestUserStoresTheIssuedCertificate() async throws {
        try await withCertification { harness async throws in
            let SDK = try Self.sdk(harness, "spec-level3")
            try await Self.verifyAndRegister(SDK, harness)

            // A user cannot claim the call themselves.
            let claimed = await certificationError {
                try await SDK.getClient.requestAccreditation(level: 3, evidence: AccreditationEvidence(kind: "videoCall", reference: "call-1"))
            }
            #expect(claimed?.code == .validationError && claimed?.field == "evidence.kind")

            try await SDK.getClient.requestAccreditation(level: 3)
            let code = try await harness.approveNewest(evidence: AccreditationEvidence(kind: "videoCall", reference: "call 2026-11-25 10:30, operator 7"))
            #expect(code.filter(\.isNumber).count == 16)

            let pending = try await SDK.getClient.certifyUser(withDIAC: code)
            #expect(pending.status == User.Status.certificatePending)
            let user = pending.status == User.Status.certified ? pending : try await SDK.getClient.waitUntilCertified()
            #expect(user.status == User.Status.certified && user.certificate?.level == 3)
            let signature = try await SDK.getClient.signDocument(Data("contract".utf8))
            #expect(!signature.isEmpty)
        }
    }

    /// Level 4: the key in the HSM behind the user's password (`andPassword:`).
    @Test func levelFourWithDIACAndPasswordSignsInTheHSM() async throws {
        try await withCertification(hsm: true) { harness async throws in
            let SDK = try Self.sdk(harness, "spec-level4")
            try await Self.verifyAndRegister(SDK, harness)
            try await SDK.getClient.requestAccreditation(level: 4)
            let code = try await harness.approveNewest(evidence: AccreditationEvidence(kind: "videoCall", reference: "call 2026-11-25 11:00"))
            let password = "correct horse battery"
            _ = try await SDK.getClient.certifyUserAtLevel4(withDIAC: code, andPassword: password)
            let user = try await SDK.getClient.waitUntilCertified()
            #expect(user.status == User.Status.certified && user.certificate?.keyInHSM == true)
            // As the specification's NB says: a status change may leave the cached token stale; its resolution renews it.
            let signature = try await SDK.getClient.resolving { try await SDK.getClient.signDocument(Data("contract".utf8), password: password) }
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
