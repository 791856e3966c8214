import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import Verity
import VerityAPI
@testable import VerityCore
import VerityTestSupport

/// Certification credentials work only for what they were given for
/// (issue 47): a device token only beside its device's identifier.
@Suite("Certification credentials are bound to what they were given for")
struct CertificationCredentialsE2ETests {
    /// A raw call to the certification API as a stolen token's holder would make it.
    struct Caller {
        let harness: CertificationHarness

        func send(_ method: String, _ path: String, body: (some Encodable)? = Optional<Int>.none, bearer: String,
                  deviceID: String?) async throws -> (status: Int, body: Data) {
            var request = URLRequest(url: URL(string: harness.url.absoluteString + path)!)
            request.httpMethod = method
            request.setValue("Bearer \(bearer)", forHTTPHeaderField: "Authorization")
            if let deviceID { request.setValue(deviceID, forHTTPHeaderField: "Verity-Device-ID") }
            if let body {
                request.setValue("application/json", forHTTPHeaderField: "Content-Type")
                request.httpBody = try JSONEncoder().encode(body)
            }
            let (data, response) = try await TestHTTP.data(for: request)
            return ((response as? HTTPURLResponse)?.statusCode ?? 0, data)
        }

        /// A verified device's token, as `verifyUserDevice` gets it.
        func deviceToken(device: String, userRef: String) async throws -> String {
            let userToken = try await harness.app.token(for: userRef, phoneNumber: "+447700900124")
            harness.app.clock.advance(seconds: 1)
            let asked = try await send("POST", CertificationRoute.deviceVerificationRequest.path,
                                       body: DeviceVerificationRequest(deviceId: device), bearer: userToken, deviceID: device)
            #expect(asked.status == 202)
            let verified = try await send("POST", CertificationRoute.deviceVerification.path,
                                          body: DeviceVerificationInput(deviceId: device, verificationCode: try await harness.lastCode()),
                                          bearer: userToken, deviceID: device)
            return try JSONDecoder().decode(DeviceToken.self, from: verified.body).token
        }
    }

    static func status(_ address: String) async throws -> Int {
        (try await TestHTTP.data(from: URL(string: address)!).1 as? HTTPURLResponse)?.statusCode ?? 0
    }

    static func code(_ body: Data) -> String? {
        (try? JSONDecoder().decode(ErrorEnvelope.self, from: body))?.error.code
    }

    /// A `vdt_` token copied off the device (a log, a backup, a proxy) is no
    /// use on its own: the device's identifier must come with it.
    @Test func aDeviceTokenIsRefusedWithoutItsDevicesIdentifier() async throws {
        try await withCertification { harness async throws in
            let caller = Caller(harness: harness)
            let device = "device-" + UUID().uuidString.replacingOccurrences(of: "-", with: "")
            let token = try await caller.deviceToken(device: device, userRef: "carol")
            let path = CertificationRoute.user(entity: CertificationHarness.entity).path

            let withoutDevice = try await caller.send("GET", path, bearer: token, deviceID: nil)
            #expect(withoutDevice.status == 401 && Self.code(withoutDevice.body) == "INVALID_TOKEN",
                    "\(withoutDevice.status) \(String(decoding: withoutDevice.body, as: UTF8.self))")
            let emptyDevice = try await caller.send("GET", path, bearer: token, deviceID: "")
            #expect(emptyDevice.status == 401)
            let otherDevice = try await caller.send("GET", path, bearer: token, deviceID: device + "x")
            #expect(otherDevice.status == 401 && Self.code(otherDevice.body) == "INVALID_TOKEN")
            let ownDevice = try await caller.send("GET", path, bearer: token, deviceID: device)
            #expect(ownDevice.status == 200, "\(ownDevice.status) \(String(decoding: ownDevice.body, as: UTF8.self))")
        }
    }

    /// A device token and a user token on the certification routes are
    /// counted like a user token on the identity routes: beyond the
    /// environment's per-token limit, 429 `RATE_LIMITED` until the next minute.
    @Test func certificationCredentialsHaveTheEnvironmentsPerTokenLimit() async throws {
        try await withCertification { harness async throws in
            let caller = Caller(harness: harness)
            let device = "device-" + UUID().uuidString.replacingOccurrences(of: "-", with: "")
            let token = try await caller.deviceToken(device: device, userRef: "dave")
            let userToken = try await harness.app.token(for: "erin")
            try await harness.app.configure { $0.limits.userTokenRequestsPerMinute = 3 }
            harness.app.clock.advance(seconds: 60)
            let path = CertificationRoute.user(entity: CertificationHarness.entity).path
            for credential in [(token, device), (userToken, nil)] {
                var statuses: [Int] = []
                for _ in 0..<4 { statuses.append(try await caller.send("GET", path, bearer: credential.0, deviceID: credential.1).status) }
                #expect(statuses.prefix(3).allSatisfy { $0 != 429 } && statuses.last == 429, "\(statuses)")
                let refused = try await caller.send("GET", path, bearer: credential.0, deviceID: credential.1)
                #expect(Self.code(refused.body) == "RATE_LIMITED")
            }
            harness.app.clock.advance(seconds: 60)
            #expect(try await caller.send("GET", path, bearer: token, deviceID: device).status == 200)
        }
    }

    /// A document check is evidence of its own user's identity only: neither
    /// the user asking nor the operator approving may cite someone else's
    /// (issue 47, finding 9).
    @Test func accreditationEvidenceMustBeTheRegisteringUsersOwnCheck() async throws {
        try await withCertification { harness async throws in
            let alicesCheck = try await harness.verifiedDocument("alice-evidence")
            let bob = try await harness.registeredClient("bob-evidence", phone: "+447700900125")
            let cited = await certificationError {
                try await bob.requestAccreditation(level: 3, evidence: AccreditationEvidence(kind: "document", reference: alicesCheck))
            }
            #expect(cited?.field == "evidence.reference", "\(String(describing: cited))")
            try await bob.requestAccreditation(level: 3)
            let (requests, _) = try await harness.admin("GET", CertificationAdminRoute.accreditationRequests.path + "?status=pending",
                                                        as: [AccreditationRequestView].self)
            let pending = try #require(requests?.first)
            let (refused, status) = try await harness.admin(
                "POST", CertificationAdminRoute.approve(id: pending.id.uuidString).path,
                body: AccreditationApprovalInput(evidence: AccreditationEvidence(kind: "document", reference: alicesCheck)), as: ErrorEnvelope.self)
            #expect(status == 400 && refused?.error.field == "evidence.reference", "\(status) \(String(describing: refused))")
            // Alice's own check is hers to cite.
            let alice = try await harness.registeredClient("alice-evidence", phone: "+447700900126")
            try await alice.requestAccreditation(level: 3, evidence: AccreditationEvidence(kind: "document", reference: alicesCheck))
        }
    }

    /// Revoking a user ends every credential they hold: user tokens, device
    /// tokens (and the devices' verification), certificate sessions and the
    /// capture link (issue 47, finding 8).
    @Test func revokingAUserEndsEveryCredentialTheyHold() async throws {
        try await withCertification { harness async throws in
            let client = try await harness.registeredClient("revoked-user")
            _ = try await client.certifyUserAtLevel1()
            let stale = try #require(await certificationError { try await client.requestUser() })
            try await client.resolve(stale)
            _ = try await client.fetchCertificate()
            let session = try await client.authenticate()
            try await harness.app.configure { $0.consentRequired = false }
            let identity = IdentityVerificationClient(baseURL: harness.url, token: try await harness.app.token(for: "revoked-user"),
                                                      requestTimeout: TestDeadlines.requestTimeout)
            let link = try await identity.initiateIdentityDocumentCapture().documentCaptureUrl
            #expect(try await Self.status(link) == 200)
            let caller = Caller(harness: harness)
            let device = "device-" + UUID().uuidString.replacingOccurrences(of: "-", with: "")
            _ = try await caller.deviceToken(device: device, userRef: "revoked-user")

            let (revoked, status) = try await harness.admin("POST", AdminRoute.revokeUserTokens(userRef: "revoked-user").path, as: RevokedTokens.self)
            #expect(status == 200 && (revoked?.revoked ?? 0) >= 1 && (revoked?.deviceTokens ?? 0) >= 1, "\(String(describing: revoked))")
            #expect(revoked?.authenticationSessions == 1 && revoked?.captureLinks == 1)

            #expect(await certificationError { try await client.requestUser() }?.code == .invalidToken, "the device token still works")
            let (check, _) = try await harness.admin("POST", CertificationAdminRoute.verifySession.path,
                                                     body: SessionCheckInput(sessionToken: session.sessionToken), as: SessionCheck.self)
            #expect(check?.valid == false, "the certificate session still works")
            #expect(try await Self.status(link) == 410, "the capture link still works")
            // A new user token does not buy a device token back: the device proves itself by SMS again.
            let fresh = try await harness.app.token(for: "revoked-user")
            let refreshed = try await caller.send("POST", CertificationRoute.deviceToken.path,
                                                  body: DeviceTokenRequest(deviceId: device), bearer: fresh, deviceID: nil)
            #expect(refreshed.status != 200 && Self.code(refreshed.body) == "DEVICE_NOT_VERIFIED", "\(refreshed.status)")
        }
    }

    /// Expired device tokens are exchanged for new ones only while the
    /// device's SMS verification is younger than 180 days.
    @Test func refreshedDeviceTokensHaveATotalLifetime() async throws {
        try await withCertification { harness async throws in
            let caller = Caller(harness: harness)
            let device = "device-" + UUID().uuidString.replacingOccurrences(of: "-", with: "")
            var token = try await caller.deviceToken(device: device, userRef: "chained")
            for _ in 0..<5 {
                harness.app.clock.advance(seconds: 31 * 86_400)
                let exchanged = try await caller.send("POST", CertificationRoute.deviceToken.path, body: DeviceTokenRequest(deviceId: device),
                                                      bearer: token, deviceID: device)
                #expect(exchanged.status == 200, "\(exchanged.status) \(String(decoding: exchanged.body, as: UTF8.self))")
                token = try JSONDecoder().decode(DeviceToken.self, from: exchanged.body).token
            }
            harness.app.clock.advance(seconds: 31 * 86_400)
            let refused = try await caller.send("POST", CertificationRoute.deviceToken.path, body: DeviceTokenRequest(deviceId: device),
                                                bearer: token, deviceID: device)
            #expect(refused.status == 401 && Self.code(refused.body) == "INVALID_TOKEN", "\(refused.status)")
        }
    }
}
