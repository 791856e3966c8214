import Fluent
import Foundation
import Testing
import VerityAPI
@testable import VerityStore
import VerityTestSupport

/// Every bad field of the certification surface gets a typed 4xx naming it:
/// never a 500, and nothing half-written.
@Suite("Certification requests with bad input get typed errors")
struct CertificationBadInputTests {
    /// A live server with an entity, and a device token for a verified device.
    func withDevice(_ body: (RawHTTP, String, VerityTestApp) async throws -> Void) async throws {
        try await withVerityApp { app async throws in
            let http = RawHTTP(baseURL: try await app.startServer())
            let entity = EntityInput(name: "bank", displayName: "Bank", levels: [1, 2, 3], userFieldDefinitions: [
                FieldDefinition(name: "givenName", type: "text"), FieldDefinition(name: "surname", type: "text"),
                FieldDefinition(name: "age", type: "number", minimum: 18, maximum: 130)])
            #expect(try await http.send("POST", CertificationAdminRoute.entities.path, bearer: app.secretKey, json: entity).status == 201)
            let token = try await app.token(for: "bad-input-user")
            let deviceID = "device-0123456789abcdef"
            let sent = try await http.send("POST", CertificationRoute.deviceVerificationRequest.path, bearer: token,
                                           json: DeviceVerificationRequest(deviceId: deviceID, phoneNumber: "+447700900555"))
            #expect(sent.status == 202)
            let protector = try DataProtector(dataKey: app.settings.dataKey)
            let message = try #require(try await OutboxMessageModel.query(on: app.app.db).first())
            let text = try message.opened(protector).text
            let code = String(text[try #require(text.range(of: "[0-9]{6}", options: .regularExpression))])
            let verified = try await http.send("POST", CertificationRoute.deviceVerification.path, bearer: token,
                                               json: DeviceVerificationInput(deviceId: deviceID, verificationCode: code))
            // A device token is sent with its device's identifier, as the SDK sends it.
            let device = RawHTTP(baseURL: http.baseURL, headers: ["Verity-Device-ID": deviceID])
            try await body(device, try verified.decode(DeviceToken.self).token, app)
        }
    }

    @Test func deviceFieldsAreCheckedOneByOne() async throws {
        try await withVerityApp { app async throws in
            let http = RawHTTP(baseURL: try await app.startServer())
            let token = try await app.token(for: "u")
            let path = CertificationRoute.deviceVerificationRequest.path
            let cases: [(String, String)] = [
                (#"{"phoneNumber":"+447700900555"}"#, "deviceId"),
                (#"{"deviceId":"short","phoneNumber":"+447700900555"}"#, "deviceId"),
                (#"{"deviceId":"device-0123456789abcdef<script>","phoneNumber":"+447700900555"}"#, "deviceId"),
                (#"{"deviceId":"device-0123456789abcdef","phoneNumber":"447700900555"}"#, "phoneNumber"),
                (#"{"deviceId":"device-0123456789abcdef","phoneNumber":12}"#, "phoneNumber"),
                (#"{"deviceId":"device-0123456789abcdef","phoneNumber":"+44 7700 900555 ext 1"}"#, "phoneNumber"),
            ]
            for (body, field) in cases {
                let reply = try await http.send("POST", path, bearer: token, rawJSON: body)
                #expect(reply.status == 400, "\(body)")
                #expect(reply.error?.field == field, "\(body)")
            }
            let code = try await http.send("POST", CertificationRoute.deviceVerification.path, bearer: token,
                                           rawJSON: #"{"deviceId":"device-0123456789abcdef","verificationCode":"12a456"}"#)
            #expect(code.error?.code == "VALIDATION_ERROR")
            #expect(code.error?.field == "verificationCode")
            let noBearer = try await http.send("GET", CertificationRoute.user(entity: "bank").path)
            #expect(noBearer.status == 401)
            let forged = try await http.send("GET", CertificationRoute.user(entity: "bank").path, bearer: "vdt_forged")
            #expect(forged.error?.code == "INVALID_TOKEN")
            #expect(forged.error?.resolution == "VERIFY_DEVICE")
        }
    }

    @Test func registrationNamesEveryBadFieldAndStoresNothing() async throws {
        try await withDevice { http, device, app async throws in
            let reply = try await http.send("POST", CertificationRoute.registration(entity: "bank").path, bearer: device,
                                            rawJSON: #"{"fields":{"givenName":"","surname":"\u0007","age":"12","extra":"x"}}"#)
            #expect(reply.status == 400)
            #expect(reply.error?.code == "VALIDATION_ERROR")
            #expect(Set(reply.error?.details?.map(\.field) ?? []) == ["givenName", "surname", "age", "extra"])
            #expect(try await RegistrationModel.query(on: app.app.db).count() == 0)
            let wrongType = try await http.send("POST", CertificationRoute.registration(entity: "bank").path, bearer: device,
                                                rawJSON: #"{"fields":{"givenName":1}}"#)
            #expect(wrongType.status == 400)
            let unknown = try await http.send("GET", CertificationRoute.user(entity: String(repeating: "x", count: 500)).path, bearer: device)
            #expect(unknown.status == 404)
        }
    }

    @Test func certificationInputsAreCheckedBeforeAnythingIsSpent() async throws {
        try await withDevice { http, device, app async throws in
            let fields = RegistrationInput(fields: ["givenName": "Ada", "surname": "Lovelace", "age": "36"])
            #expect(try await http.send("POST", CertificationRoute.registration(entity: "bank").path, bearer: device, json: fields).status == 200)
            let level1 = CertificationRoute.certifyLevel1(entity: "bank").path
            for csr in ["", "not a csr", String(repeating: "A", count: 40_000),
                        "-----BEGIN CERTIFICATE REQUEST-----\nMIIB\n-----END CERTIFICATE REQUEST-----"] {
                let reply = try await http.send("POST", level1, bearer: device, json: CertifyLevel1Input(csr: csr))
                #expect(reply.status == 400 || reply.status == 413, "\(csr.prefix(20))")
                #expect(reply.error?.field == "csr" || reply.error?.code == "PAYLOAD_TOO_LARGE")
            }
            let certify = CertificationRoute.certify(entity: "bank").path
            let typo = try await http.send("POST", certify, bearer: device, json: CertifyInput(diac: "1234 5678 9012 3456", csr: "x"))
            #expect(typo.error?.field == "diac")
            let letters = try await http.send("POST", certify, bearer: device, json: CertifyInput(diac: "abcd", csr: "x"))
            #expect(letters.error?.field == "diac")
            // No certificate row was written by any of these.
            #expect(try await UserCertificateModel.query(on: app.app.db).count() == 0)

            let challenge = CertificationRoute.challengeResponse(entity: "bank", id: "not-a-uuid").path
            #expect(try await http.send("POST", challenge, bearer: device, json: SignatureInput(signature: "AA==")).status == 403)
            let nearest = try await http.send("GET", CertificationRoute.nearestCheckpoints.path + "?latitude=91&longitude=0", bearer: device)
            #expect(nearest.error?.field == "latitude")
            let limit = try await http.send("GET", CertificationRoute.nearestCheckpoints.path + "?latitude=1&longitude=0&limit=1000", bearer: device)
            #expect(limit.error?.field == "limit")
        }
    }

    @Test func adminInputsAreChecked() async throws {
        try await withVerityApp { app async throws in
            let http = RawHTTP(baseURL: try await app.startServer())
            let key = app.secretKey
            let badType = try await http.send("POST", CertificationAdminRoute.entities.path, bearer: key, json: EntityInput(
                name: "bank", displayName: "Bank", levels: [1], userFieldDefinitions: [FieldDefinition(name: "x", type: "colour")]))
            #expect(badType.error?.field == "userFieldDefinitions.0.type")
            // Optional in the shared type (the specification's apps read them with `if let`), required from an operator.
            let noFieldName = try await http.send("POST", CertificationAdminRoute.entities.path, bearer: key, json: EntityInput(
                name: "bank", displayName: "Bank", levels: [1], userFieldDefinitions: [FieldDefinition(name: nil, type: "text")]))
            #expect(noFieldName.status == 400 && noFieldName.error?.code == "VALIDATION_ERROR" && noFieldName.error?.field == "userFieldDefinitions.0.name")
            let noFields = try await http.send("POST", CertificationAdminRoute.entities.path, bearer: key, json: EntityInput(
                name: "bank", displayName: "Bank", levels: [1], userFieldDefinitions: nil))
            #expect(noFields.status == 400 && noFields.error?.field == "userFieldDefinitions")
            let badName = try await http.send("POST", CertificationAdminRoute.entities.path, bearer: key,
                                              json: EntityInput(name: "Bank!", displayName: "Bank", levels: [1], userFieldDefinitions: []))
            #expect(badName.error?.field == "name")
            let badLevel = try await http.send("POST", CertificationAdminRoute.checkpoints.path, bearer: key,
                                               json: CheckpointInput(name: "A", address: "B", latitude: 0, longitude: 0, levels: [7]))
            #expect(badLevel.error?.field == "levels")
            let notFound = try await http.send("POST", CertificationAdminRoute.approve(id: UUID().uuidString).path, bearer: key)
            #expect(notFound.status == 404)
            let reject = try await http.send("POST", CertificationAdminRoute.reject(id: UUID().uuidString).path, bearer: key, rawJSON: "{}")
            #expect(reject.error?.field == "reason")
            let session = try await http.send("POST", CertificationAdminRoute.verifySession.path, bearer: key,
                                              json: SessionCheckInput(sessionToken: "vas_made_up"))
            #expect((try? session.decode(SessionCheck.self))?.valid == false)
            let transaction = try await http.send("POST", CertificationAdminRoute.transactions(userRef: "nobody").path, bearer: key,
                                                  json: TransactionInput(entity: "bank", description: TransactionDetails(reference: "r", summary: "s")))
            #expect(transaction.status == 404)
        }
    }
}
