import Foundation
import Testing
import Verity
import VerityAPI
@testable import VerityCore
import VerityTestSupport

/// `DocumentReaderClient` against a live server: the spec's cases in order,
/// builder errors before any request, every signature checked before a raw
/// answer is mapped, and logs without PII.
@Suite("DocumentReaderClient against a live server", .heavy)
struct DocumentReaderClientE2ETests {
    final class Recorder: DocumentReaderDelegate, @unchecked Sendable {
        private let lock = NSLock()
        private var logs: [DocumentReaderLog] = []
        private var reaction: (@Sendable (String) -> Void)?
        var all: [DocumentReaderLog] { lock.withLock { logs } }
        /// Runs on each event, as an app's delegate would (e.g. the user leaving).
        func onEvent(_ reaction: @escaping @Sendable (String) -> Void) { lock.withLock { self.reaction = reaction } }
        func documentReader(didLog event: VIDVEvent) {
            let reaction = lock.withLock { logs.append(.event(event)); return self.reaction }
            reaction?(event.key)
        }
        func documentReader(didFail error: VIDVError) { lock.withLock { logs.append(.error(error)) } }
    }

    static func cards() throws -> (Data, Data) {
        (try OCRHarness.card(OCRHarness.front), try OCRHarness.card(OCRHarness.back))
    }

    @Test func aCardIsReadCaseByCaseWithEverySignatureChecked() async throws {
        try await OCRHarness.withOCR { app, url, hmacKey in
            let recorder = Recorder()
            let publicKey = try #require(Data(base64Encoded: try await app.operations.tenants.responsePublicKey(tenant: app.tenant, environment: .test).publicKey))
            let client = DocumentReaderClient.Builder().requestTimeout(TestDeadlines.requestTimeout).baseURL(url).userToken(try await app.token(for: "reader-user"))
                .hmacKey(hmacKey).signingPublicKey(publicKey).delegate(recorder).build()
            let front = try OCRHarness.card(OCRHarness.passingFront)
            let back = try OCRHarness.card(OCRHarness.passingBack)
            let nid = try OCRHarness.truth("front_nid", of: "egypt_id-001-clean")
            let firstName = try OCRHarness.truth("first_name", of: "egypt_id-001-clean")
            var cases: [VIDVOCRResponse] = []
            for await response in client.read(front: front, back: back) { cases.append(response) }
            try #require(cases.count == 3, "\(cases)")
            #expect(cases[0] == .capturedImages(capturedImageData: CapturedImageData(nationalIDLabel: "nationalIdFront", nationalIdImage: front.base64EncodedString())))
            #expect(cases[1] == .capturedImages(capturedImageData: CapturedImageData(nationalIDLabel: "nationalIdBack", nationalIdImage: back.base64EncodedString())))
            guard case .success(let result) = cases[2] else { Issue.record("\(cases[2])"); return }
            #expect(result.ocrResult?.frontNid == nid && result.ocrResult?.isRootOfTrustCompatible == true)
            #expect(result.documentVerificationResult != nil && result.hmacDataList.count == 3)
            let keys = try #require(result.decryptionKeys)
            #expect(keys.nationalIdFrontRequestKey.count == 32 && keys.combineResponseKey.count == 32
                    && keys.nationalIdFrontRequestKey != keys.nationalIdBackRequestKey)
            // The logs: the steps in order, ids only.
            let keysLogged = recorder.all.compactMap { log -> String? in if case .event(let event) = log { event.key } else { nil } }
            #expect(keysLogged == ["session_opened", "front_accepted", "back_accepted", "combined"])
            let text = "\(recorder.all)"
            #expect(!text.contains(nid) && !text.contains(firstName) && !text.contains(front.base64EncodedString().prefix(40)))
        }
    }

    /// The user closes the screen once the front is accepted: nothing more is
    /// sent, the read ends with `.userExit` at the back step, with the session
    /// and the front's signed answer, and the server never reads a back.
    @Test func aUserWhoLeavesAfterTheFrontEndsTheReadWithUserExit() async throws {
        try await OCRHarness.withOCR { app, url, hmacKey in
            let recorder = Recorder()
            let client = DocumentReaderClient.Builder().requestTimeout(TestDeadlines.requestTimeout).baseURL(url).userToken(try await app.token(for: "reader-user"))
                .hmacKey(hmacKey).delegate(recorder).build()
            let (front, back) = try Self.cards()
            // The user closes the screen as the front is accepted.
            recorder.onEvent { key in if key == "front_accepted" { client.exit() } }
            var cases: [VIDVOCRResponse] = []
            for await response in client.read(front: front, back: back) { cases.append(response) }
            try #require(cases.count == 2, "\(cases)")
            guard case .userExit(let step, let partial) = cases[1] else { Issue.record("\(cases[1])"); return }
            #expect(step == "back")
            let result = try #require(partial)
            #expect(result.ocrResult == nil && result.hmacDataList.count == 1 && result.decryptionKeys != nil)
            #expect(SignedResponseCheck.hmacIsValid(try #require(result.hmacDataList.first), key: hmacKey))
            let keysLogged = recorder.all.compactMap { log -> String? in if case .event(let event) = log { event.key } else { nil } }
            #expect(keysLogged == ["session_opened", "front_accepted", "user_exit"])
            // The server holds the front alone: no back was sent, nothing combined.
            #expect(try await DatabaseText.count(app, "SELECT COUNT(*) AS n FROM ocr_sessions WHERE sealed_front IS NOT NULL AND sealed_back IS NULL AND back_transaction_id IS NULL") == 1)
        }
    }

    @Test func aBadConfigurationIsABuilderErrorBeforeAnyRequest() async throws {
        try await OCRHarness.withOCR { app, url, hmacKey in
            let token = try await app.token(for: "reader-user")
            let (front, back) = try Self.cards()
            let cases: [(DocumentReaderClient.Builder, String)] = [
                (.init().userToken(token).hmacKey(hmacKey), "MISSING_BASE_URL"),
                (.init().baseURL(URL(string: "ftp://example.com")!).userToken(token).hmacKey(hmacKey), "INVALID_BASE_URL"),
                (.init().baseURL(url).hmacKey(hmacKey), "MISSING_USER_TOKEN"),
                (.init().baseURL(url).userToken(token), "MISSING_HMAC_KEY"),
                (.init().baseURL(url).userToken(token).hmacKey(Data([1, 2, 3])), "INVALID_HMAC_KEY"),
                (.init().baseURL(url).userToken(token).hmacKey(hmacKey).signingPublicKey(Data([1])), "INVALID_PUBLIC_KEY"),
                (.init().baseURL(url).userToken(token).hmacKey(hmacKey).requestTimeout(0), "INVALID_REQUEST_TIMEOUT"),
                (.init().baseURL(url).userToken(token).hmacKey(hmacKey).requestTimeout(.infinity), "INVALID_REQUEST_TIMEOUT"),
            ]
            for (builder, code) in cases {
                let response = await builder.build().result(front: front, back: back)
                guard case .builderError(let got, _) = response else { Issue.record("\(code): \(response)"); continue }
                #expect(got == code)
            }
            #expect(try await DatabaseText.count(app, "SELECT COUNT(*) AS n FROM ocr_sessions") == 0)
        }
    }

    @Test func answersSignedWithAnotherKeyAreRefusedAndServiceErrorsArriveByCode() async throws {
        try await OCRHarness.withOCR { app, url, hmacKey in
            let token = try await app.token(for: "reader-user")
            let (front, back) = try Self.cards()
            let recorder = Recorder()
            let wrongKey = DocumentReaderClient.Builder().requestTimeout(TestDeadlines.requestTimeout).baseURL(url).userToken(token).hmacKey(Data(repeating: 7, count: 32)).delegate(recorder).build()
            guard case .serviceFailure(let code, _, let partial) = await wrongKey.result(front: front, back: back) else {
                Issue.record("a result under another HMAC key was accepted"); return
            }
            #expect(code == "HMAC_MISMATCH" && partial?.ocrResult == nil && partial?.sessionID.hasPrefix("ocrs_") == true)
            #expect(recorder.all.contains { if case .error(let error) = $0 { error.code == 4 } else { false } })

            let wrongPublicKey = DocumentReaderClient.Builder().requestTimeout(TestDeadlines.requestTimeout).baseURL(url).userToken(token).hmacKey(hmacKey)
                .signingPublicKey(Data(repeating: 9, count: 32)).build()
            guard case .serviceFailure(let code2, _, _) = await wrongPublicKey.result(front: front, back: back) else {
                Issue.record("a result under another Ed25519 key was accepted"); return
            }
            #expect(code2 == "SIGNATURE_MISMATCH")

            // The back sent as the front: the service's code, as it sent it.
            let swapped = DocumentReaderClient.Builder().requestTimeout(TestDeadlines.requestTimeout).baseURL(url).userToken(token).hmacKey(hmacKey).build()
            guard case .serviceFailure(let code3, _, _) = await swapped.result(front: back, back: front) else {
                Issue.record("a swapped card was read"); return
            }
            #expect(code3 == "WRONG_SIDE")
            let expiredToken = DocumentReaderClient.Builder().requestTimeout(TestDeadlines.requestTimeout).baseURL(url).userToken("not-a-token").hmacKey(hmacKey).build()
            guard case .serviceFailure(let code4, _, let nothing) = await expiredToken.result(front: front, back: back) else {
                Issue.record("a bad token was accepted"); return
            }
            #expect(["INVALID_TOKEN", "NOT_AUTHORIZED"].contains(code4) && nothing == nil)
        }
    }
}
