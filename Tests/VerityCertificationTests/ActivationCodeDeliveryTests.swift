import Foundation
import Testing
import VerityAPI
@testable import VerityServer
@testable import VerityCore
@testable import VerityStore
import VerityTestSupport
@testable import VerityKernel
@testable import VerityIdentity

/// An activation code (DIAC) reaches the user even when the approving server
/// could not send it (it died after the approval, or its gateway refused):
/// the message is kept sealed with the approval, and its job sends it from
/// any server, once (as `make reliability` found: a code lost with its
/// server left the user waiting for a text that never came).
@Suite("Activation codes: kept until a gateway took them, sent by a job when the approving server could not")
struct ActivationCodeDeliveryTests {
    static let phone = "+447700900123"

    @Test func aCodeTheApprovingServerCouldNotSendIsSentByItsJobOnce() async throws {
        let provider = try await FakeSMSProvider(script: [200])
        do {
            try await withVerityApp(settings: { $0.sms = SMSSettings(url: provider.url, timeoutMilliseconds: 5000, retries: 0) }) { app async throws in
                let http = RawHTTP(baseURL: try await app.startServer())
                let device = "device-" + UUID().uuidString.replacingOccurrences(of: "-", with: "")
                // A device token is good only beside its device's identifier, as the SDK sends it.
                let onDevice = RawHTTP(baseURL: http.baseURL, headers: ["Verity-Device-ID": device])
                let entity = EntityInput(name: "bank", displayName: "Example Bank", levels: [1, 2],
                                         userFieldDefinitions: [FieldDefinition(name: "givenName", type: "text")])
                #expect(try await http.send("POST", CertificationAdminRoute.entities.path, bearer: app.secretKey, json: entity).status == 201)
                // A verified device (its code read from the provider) and a registered user asking for level 2.
                let userToken = try await app.token(for: "ada", phoneNumber: Self.phone)
                #expect(try await http.send("POST", CertificationRoute.deviceVerificationRequest.path, bearer: userToken,
                                            json: DeviceVerificationRequest(deviceId: device)).status == 202)
                let code = try #require(provider.requests.last?.body.firstMatch(of: /\b\d{6}\b/).map { String($0.output) })
                let token = try await http.send("POST", CertificationRoute.deviceVerification.path, bearer: userToken,
                                                json: DeviceVerificationInput(deviceId: device, verificationCode: code)).decode(DeviceToken.self).token
                #expect(try await onDevice.send("POST", CertificationRoute.registration(entity: "bank").path, bearer: token,
                                            json: RegistrationInput(fields: ["givenName": "Ada"])).status == 200)
                let request = try await onDevice.send("POST", CertificationRoute.accreditationRequests(entity: "bank").path, bearer: token,
                                                  json: AccreditationRequestInput(level: 2)).decode(AccreditationRequestView.self)
                // when: the provider refuses the approving server's text (as if that server had died before sending it)
                provider.script = [400, 200]
                let sentBefore = provider.requests.count
                let issued = try await http.send("POST", CertificationAdminRoute.approve(id: request.id.uuidString).path, bearer: app.secretKey,
                                                 json: AccreditationApprovalInput()).decode(ActivationCodeIssued.self)
                #expect(issued.deliveredBy == nil, "the approving server says it did not deliver it")
                #expect(provider.requests.count == sentBefore + 1)
                // then: once the approving server had its time, the job sends the same code
                app.clock.advance(seconds: 31)
                await app.app.drainJobs()
                #expect(provider.requests.count == sentBefore + 2)
                #expect(provider.requests.last?.body.contains(issued.diac) == true, "the kept message is the code's")
                // and only once: the message is forgotten once a gateway took it
                app.clock.advance(seconds: 600)
                await app.app.drainJobs()
                #expect(provider.requests.count == sentBefore + 2)
                let rows = try await ActivationCodeModel.query(on: app.app.db).all()
                #expect(rows.count == 1 && rows[0].deliverySealed == nil)
            }
        } catch {
            try? await provider.stop()
            throw error
        }
        try await provider.stop()
    }
}
