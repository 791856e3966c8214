import Foundation
import Testing
import Verity
import VerityAPI
import VerityChipTestSupport
import VerityTestSupport

/// A passport's chip in mobile sessions, through the SDK against a live
/// server: the ETSI prototype's chip (shared data) with John Smith's page
/// (genuine, but another passport's: its MRZ and face differ), the BSI
/// chip's own key answering the session's challenge, a challenge used once
/// and only by its session, and an environment that requires the chip.
@Suite("Mobile API: the passport's chip in document sessions", .heavy)
struct MobileChipE2ETests {
    static func files(_ names: [ChipFile: String]) throws -> [ChipFile: Data] {
        try names.mapValues { Data(try ChipSets.bytes($0)) }
    }

    static let etsi: [ChipFile: String] = [
        .sod: "etsi-prototype/EF_SOD.bin", .dg1: "etsi-prototype/DG1.bin", .dg2: "bsi-tr03105/Datagroup2.bin",
        .dg14: "etsi-prototype/DG14.bin", .dg15: "etsi-prototype/DG15.bin",
    ]
    static let bsi: [ChipFile: String] = [.sod: "bsi-tr03105/EF_SOD.bin", .dg1: "bsi-tr03105/Datagroup1.bin", .dg15: "bsi-tr03105/Datagroup15.bin"]

    static func trustETSI(_ url: URL, _ app: VerityTestApp) async throws {
        let csca = Data(try ChipSets.bytes("etsi-prototype/ETSI_CSCA_0130846f22c2.der")).base64EncodedString()
        let imported = try await RawHTTP(baseURL: url).send("POST", ChipTrustRoute.trust.path, bearer: app.secretKey,
                                                             json: ChipTrustImportInput(fileBase64: csca))
        #expect(try imported.decode(ChipTrustImportResult.self).added == 1)
    }

    @Test func aGenuineChipOfAnotherPassportFailsTheSessionOnItsMRZAndFaceAndTheWebhookSaysSo() async throws {
        let receiver = try WebhookReceiver()
        defer { receiver.stop() }
        try await MobileAPI.withMobile(credits: 40) { app, url, key in
            try await Self.trustETSI(url, app)
            try await app.configure { $0.webhooks.allowPrivateAddresses = true }
            let endpoint = try await WebhookAdmin(url: url, secretKey: app.secretKey).register(receiver, events: [.mobileSessionCompleted])
            let client = MobileVerificationClient(baseURL: url, clientKey: key, requestTimeout: TestDeadlines.requestTimeout)
            // when John Smith's passport page comes with the ETSI prototype's chip, read with the session's challenge
            let chip = try Self.files(Self.etsi)
            let session = try await client.verifyIdentity(selfie: try MobileAPI.fixture("john-smith-selfie.jpg"), document: try MobileAPI.passport) {
                challenge in
                #expect(challenge.challenge?.count == 8)
                return ChipRead(files: chip, pace: .succeeded)
            }
            // then the chip is genuine but not this page's, and the session fails on it (charged: it ended)
            #expect(session.outcome == .fail && session.reasons == ["CHIP_MRZ_MISMATCH", "CHIP_FACE_MISMATCH"], "\(session)")
            let result = try await client.identityResult(sessionID: session.sessionID)
            let checked = try #require(result.chip)
            #expect(!checked.authentic && checked.chain == "verified" && checked.cscaCountry == "DE")
            #expect(checked.reasons == ["CHIP_MRZ_MISMATCH", "CHIP_FACE_MISMATCH"])
            #expect(checked.mrzMatchesPrinted == false && checked.faceMatchesPortrait == false && checked.faceMatchesSelfie == false)
            #expect(checked.activeAuthentication == "not_performed", "DG15 sent, no answer")
            #expect(result.faceMatch.match == true, "the selfie is still the page's person")
            let delivery = try #require(try await app.deliveries(atLeast: 1, at: receiver).first)
            let now = Date(timeIntervalSince1970: Double(app.clock.now) / 1000)
            let event = try Webhook.verify(payload: delivery.bytes, header: delivery.signature, secrets: [endpoint.secret], now: now)
                .payload(MobileSessionCompleted.self)
            #expect(event.chipAuthentic == false && event.chipReasons == "CHIP_MRZ_MISMATCH,CHIP_FACE_MISMATCH")
            #expect(event.chipActiveAuthentication == "not_performed" && event.outcome == .fail)
            // and the chip's files went with the session's images
            let kept = try await DatabaseText.count(app, "SELECT COUNT(*) AS n FROM mobile_sessions WHERE sealed_selfie IS NULL AND sealed_front IS NULL")
            let dump = try await DatabaseText.dump(app)
            #expect(kept == 1 && !dump.contains("ERIKA") && !dump.contains("MUSTERMANN"))
        }
    }

    @Test func activeAuthenticationVerifiesTheAnswerToTheSessionsChallengeOnce() async throws {
        try await MobileAPI.withMobile(credits: 80) { _, url, key in
            let client = MobileVerificationClient(baseURL: url, clientKey: key, requestTimeout: TestDeadlines.requestTimeout)
            let openssl = try OpenSSL()
            defer { openssl.remove() }
            let chip = try Self.files(Self.bsi)
            // given the BSI chip's own key answering the session's challenge
            let id = try #require(try await client.startSession(.verifyIdentity).sessionID)
            let challenge = try await client.chipChallenge(.verifyIdentity, sessionID: id)
            let answer = Data(try ChipSets.activeAuthenticationAnswer([UInt8](try #require(challenge.challenge)), openssl: openssl))
            let read = ChipRead(files: chip, activeAuthentication: .init(challengeId: challenge.challengeID, signature: answer))
            let uploaded = try await client.uploadChip(.verifyIdentity, sessionID: id, chip: read)
            #expect(uploaded.nextStep == .uploadSelfie, "the chip moves no step")
            // a second use of the challenge, in this session or another, is refused
            let again = await mobileError { try await client.uploadChip(.verifyIdentity, sessionID: id, chip: read) }
            #expect(again?.code == .chipChallengeInvalid && again?.field == "active_authentication.challenge_id", "\(String(describing: again))")
            let other = try #require(try await client.startSession(.verifyIdentity).sessionID)
            let stolen = await mobileError { try await client.uploadChip(.verifyIdentity, sessionID: other, chip: read) }
            #expect(stolen?.code == .chipChallengeInvalid)
            // when the session goes on and submits
            _ = try await client.uploadSelfie(.verifyIdentity, sessionID: id, selfie: try MobileAPI.fixture("john-smith-selfie.jpg"))
            _ = try await client.uploadIDFront(.verifyIdentity, sessionID: id, document: try MobileAPI.passport)
            let submitted = try await client.submit(.verifyIdentity, sessionID: id)
            // then Active Authentication held; the BSI chip's CSCA is not trusted and its DG15 is unprotected, which proves
            // nothing false: only the MRZ (another passport's) fails the session
            let checked = try #require(try await client.identityResult(sessionID: id).chip)
            #expect(checked.activeAuthentication == "verified", "\(checked)")
            #expect(checked.reasons == ["CHIP_CSCA_UNKNOWN", "CHIP_DATA_UNPROTECTED", "CHIP_MRZ_MISMATCH"])
            #expect(submitted.outcome == .fail && submitted.data?.reasons == ["CHIP_MRZ_MISMATCH"])
        }
    }

    @Test func badChipFilesAreRefusedByTheirMobileFieldNames() async throws {
        try await MobileAPI.withMobile(credits: 40) { _, url, key in
            let client = MobileVerificationClient(baseURL: url, clientKey: key, requestTimeout: TestDeadlines.requestTimeout)
            let id = try #require(try await client.startSession(.verifyIdentity).sessionID)
            let noSOD = await mobileError { try await client.uploadChip(.verifyIdentity, sessionID: id, chip: ChipRead(files: [.dg1: Data([1, 2])])) }
            #expect(noSOD?.code == .invalidInput, "\(String(describing: noSOD))")
            #expect(noSOD?.field == "files_b64.sod")
            let huge = ChipRead(files: [.sod: Data(repeating: 0x30, count: ChipFile.sod.maximumBytes + 1)])
            let tooBig = await mobileError { try await client.uploadChip(.verifyIdentity, sessionID: id, chip: huge) }
            #expect(tooBig?.code == .payloadTooLarge && tooBig?.field == "files_b64.sod")
            let unknown = await mobileError { try await client.uploadChip(.verifyIdentity, sessionID: id, chip: ChipRead(
                files: [.sod: Data([0x30])], activeAuthentication: .init(challengeId: UUID().uuidString, signature: Data(count: 128)))) }
            #expect(unknown?.code == .invalidInput && unknown?.field == "files_b64.dg15", "an answer needs DG15")
        }
    }

    @Test func anEnvironmentThatRequiresTheChipHoldsAPassportSessionAtSubmitUntilItComes() async throws {
        try await MobileAPI.withMobile(credits: 40) { app, url, key in
            try await app.configure { $0.documents.chipRequiredForPassports = true }
            let client = MobileVerificationClient(baseURL: url, clientKey: key, requestTimeout: TestDeadlines.requestTimeout)
            let refused = await mobileError {
                try await client.verifyIdentity(selfie: try MobileAPI.fixture("john-smith-selfie.jpg"), document: try MobileAPI.passport)
            }
            #expect(refused?.code == .chipRequired && refused?.field == "chip")
            #expect(try await MobileAPI.balance(app) == 40, "nothing charged")
            let status = try await client.status(.verifyIdentity, sessionID: try #require(refused?.sessionID))
            #expect(status.nextStep == .submit)
        }
    }
}

/// The SDK's typed error from `body`, nil when it succeeded.
func mobileError<T>(_ body: () async throws -> T) async -> MobileVerificationError? {
    do {
        _ = try await body()
        return nil
    } catch {
        return error as? MobileVerificationError
    }
}
