import Crypto
import DocgenManifest
import Foundation
import HostileImageSet
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import Verity
import VerityAPI
@testable import VerityCore
import VerityTestSupport

/// The national-ID OCR service end to end: a session's key agreement, the
/// front and back sealed under their own keys, the combination opened with
/// the combine key and its signature checked; and every way a request can be
/// wrong, each a typed 4xx that changes nothing.
@Suite("Document OCR service: sessions, sealed sides, signed combination", .heavy)
struct DocumentOCRE2ETests {
    typealias Answer = OCRHarness.Answer
    typealias Client = OCRHarness.Client

    @Test func aCardsTwoSidesCombineIntoASignedSealedResult() async throws {
        try await OCRHarness.withOCR { app, url, hmacKey in
            let client = try await Client.open(url, token: try await app.token(for: "ocr-user"))
            let front = try await client.side("front", sealed: try client.sealed(try OCRHarness.card(OCRHarness.front), as: .frontRequest))
            try #require(front.status == 200, "\(front.json)")
            let frontAccepted = try JSONDecoder().decode(OCRSideAccepted.self, from: front.body)
            #expect(frontAccepted.side == .front && frontAccepted.transactionId.hasPrefix("ocrf_"))
            #expect(SignedResponseCheck.hmacIsValid(try #require(frontAccepted.hmacDataList.first), key: hmacKey))
            // The side's answer names no field of the card.
            let nid = try OCRHarness.truth("front_nid")
            #expect(!String(decoding: front.body, as: UTF8.self).contains(nid))
            let back = try await client.side("back", sealed: try client.sealed(try OCRHarness.card(OCRHarness.back), as: .backRequest))
            try #require(back.status == 200, "\(back.json)")
            let backAccepted = try JSONDecoder().decode(OCRSideAccepted.self, from: back.body)

            let combined = try await client.combine(front: frontAccepted.transactionId, back: backAccepted.transactionId)
            try #require(combined.status == 200, "\(combined.json)")
            let response = try JSONDecoder().decode(OCRCombineResponse.self, from: combined.body)
            #expect(!String(decoding: combined.body, as: UTF8.self).contains(nid), "the combined answer travels sealed")
            let opened = try #require(OCRTransport.open(response.sealedResponse, key: client.keys[.combineResponse]!, purpose: .combineResponse,
                                                        sessionID: client.session.sessionID))
            let body = try JSONDecoder().decode(VIDVOCRResultBody.self, from: opened)
            let signed = try #require(body.hmacDataList.first)
            #expect(signed.serviceID == "ocr" && SignedResponseCheck.hmacIsValid(signed, key: hmacKey))
            // The backend fetches the signing key with its secret key; the operator's CLI prints the same one.
            let published = try await OCRHarness.publicKey(url, bearer: app.secretKey)
            try #require(published.status == 200, "\(published.json)")
            let key = try JSONDecoder().decode(ResponseSigningPublicKey.self, from: published.body)
            #expect(key == (try await app.operations.tenants.responsePublicKey(tenant: app.tenant, environment: .test)) && key.algorithm == "Ed25519")
            let publicKey = try #require(Data(base64Encoded: key.publicKey))
            #expect(SignedResponseCheck.signatureIsValid(signed, publicKey: publicKey))
            #expect(try await OCRHarness.publicKey(url, bearer: try await app.token(for: "ocr-user")).status == 401)
            #expect(try await OCRHarness.publicKey(url, bearer: nil).status == 401)
            // The raw answer is what the fields beside it say.
            let raw = try JSONSerialization.jsonObject(with: Data(signed.rawResponse.utf8)) as? [String: Any]
            let rawResult = try #require(raw?["ocrResult"] as? [String: Any])
            let result = body.ocrResult
            #expect(rawResult["frontNid"] as? String == result.frontNid && rawResult["combinationID"] as? String == response.combinationID)
            let birth = try OCRHarness.truth("date_of_birth")
            #expect(result.frontNid == nid && result.backNid == nid && result.dateOfBirth == birth)
            #expect(result.transactionIdFront == frontAccepted.transactionId && result.transactionIdBack == backAccepted.transactionId)
            #expect(result.isRootOfTrustCompatible && result.age != nil && result.birthGovernorate != nil)
            #expect(result.documentVerificationPlus.frontDataValidity || !(result.documentVerificationPlus.reviewRequired ?? []).isEmpty)
            // The card's images come back by default, as the specification's result shows them.
            #expect(body.captures != nil && body.captures?.nationalIdFront.isEmpty == false)
            // Field names as the spec writes them.
            #expect(rawResult.keys.contains("documentVerificationPlus") && rawResult.keys.contains("isRootOfTrustCompatible"))
            // The anomaly zones are measured on both sides (a plain card: green); what is not measured is absent, not 0.
            let advanced = try #require(rawResult["advanced_confidence"] as? [String: Any])
            let anomalies = try #require(advanced["anomaly_detection_details"] as? [String: Any])
            #expect(advanced["anomaly_detection_zone"] as? Int == 0)
            #expect(anomalies["front_image_anomaly_zone"] as? Int == 0 && anomalies["back_image_anomaly_zone"] as? Int == 0)
            #expect(anomalies["front_text_manipulation"] as? Bool == false && anomalies["back_text_manipulation"] as? Bool == false)
            let fraud = try #require(advanced["fraud_detection_details"] as? [String: Any])
            #expect(fraud["is_cracked"] as? Bool == false && fraud["is_cracked_confidence"] != nil && fraud["front_image_manipulation_zone"] == nil)

            // The session ended: keys and readings erased, nothing taken twice.
            #expect(try await DatabaseText.count(app, """
                SELECT COUNT(*) AS n FROM ocr_sessions WHERE sealed_keys IS NULL AND sealed_front IS NULL AND sealed_back IS NULL
                AND finished_at IS NOT NULL
                """) == 1)
            let again = try await client.combine(front: frontAccepted.transactionId, back: backAccepted.transactionId)
            #expect(again.status == 409 && again.code == "REQUEST_REPLAYED")
            let late = try await client.side("front", sealed: try client.sealed(try OCRHarness.card(OCRHarness.front), as: .frontRequest))
            #expect(late.status == 409 && late.code == "REQUEST_REPLAYED")
        }
    }

    /// A card whose national number was partly reprinted off the line
    /// (tools/docgen/forgery.py): the side it is on says text manipulation,
    /// the anomaly zone is red and the card is not a success.
    @Test func aReprintedNumberIsTextManipulationAndNoSuccess() async throws {
        let manifest = try DocgenManifest.load(directory: URL(fileURLWithPath: OCRHarness.cards))
        // A clean capture when there is one: a noisy capture's front is also
        // searched for copies, seconds of work in a debug build beside the
        // server's concurrency tests.
        let baseline = manifest.anomalous.filter { $0.facts?.forgery == "digits" && $0.facts?.alteration == "baseline" }
        let forged = try #require(baseline.first { $0.facts?.capture == "clean" } ?? baseline.first,
                                  "no card with a reprinted number in \(OCRHarness.cards)")
        try await OCRHarness.withOCR { app, url, _ in
            let client = try await Client.open(url, token: try await app.token(for: "ocr-user"))
            let front = try await client.side("front", sealed: try client.sealed(try OCRHarness.card(forged.files[0]), as: .frontRequest))
            let back = try await client.side("back", sealed: try client.sealed(try OCRHarness.card(forged.files[1]), as: .backRequest))
            try #require(front.status == 200 && back.status == 200, "\(front.json) \(back.json)")
            let combined = try await client.combine(front: try JSONDecoder().decode(OCRSideAccepted.self, from: front.body).transactionId,
                                                    back: try JSONDecoder().decode(OCRSideAccepted.self, from: back.body).transactionId)
            try #require(combined.status == 200, "\(combined.json)")
            let response = try JSONDecoder().decode(OCRCombineResponse.self, from: combined.body)
            let opened = try #require(OCRTransport.open(response.sealedResponse, key: client.keys[.combineResponse]!, purpose: .combineResponse,
                                                        sessionID: client.session.sessionID))
            let body = try JSONDecoder().decode(VIDVOCRResultBody.self, from: opened)
            let raw = try JSONSerialization.jsonObject(with: Data(body.hmacDataList[0].rawResponse.utf8)) as? [String: Any]
            let result = try #require(raw?["ocrResult"] as? [String: Any])
            let advanced = try #require(result["advanced_confidence"] as? [String: Any])
            let anomalies = try #require(advanced["anomaly_detection_details"] as? [String: Any])
            let forgedSide = forged.facts?.side == "back" ? "back" : "front", otherSide = forgedSide == "back" ? "front" : "back"
            #expect(anomalies["\(forgedSide)_text_manipulation"] as? Bool == true)
            #expect(anomalies["\(otherSide)_text_manipulation"] as? Bool != true)
            #expect(advanced["anomaly_detection_zone"] as? Int == 2)
            #expect(body.documentVerificationResult.success == false)
        }
    }

    @Test func tamperedReplayedMisdirectedAndOutOfOrderRequestsAreTypedAndChangeNothing() async throws {
        try await OCRHarness.withOCR { app, url, _ in
            let token = try await app.token(for: "ocr-user")
            let client = try await Client.open(url, token: token)
            let sealedFront = try client.sealed(try OCRHarness.card(OCRHarness.front), as: .frontRequest)

            // Tampered: one byte of the ciphertext changed.
            var bytes = try #require(Data(base64Encoded: sealedFront))
            bytes[bytes.count / 2] ^= 0x01
            let tampered = try await client.side("front", sealed: bytes.base64EncodedString())
            #expect(tampered.status == 400 && tampered.code == "DECRYPTION_FAILED")
            // Sealed for the front, sent as the back: the purpose is authenticated.
            let misdirected = try await client.side("back", sealed: sealedFront)
            #expect(misdirected.status == 400 && misdirected.code == "DECRYPTION_FAILED")
            // Not base64 at all.
            let garbage = try await client.side("front", sealed: "%%%")
            #expect(garbage.status == 400 && garbage.code == "DECRYPTION_FAILED")
            // Another session's key.
            let other = try await Client.open(url, token: token)
            let foreign = try await client.side("front", sealed: try other.sealed(try OCRHarness.card(OCRHarness.front), as: .frontRequest))
            #expect(foreign.status == 400 && foreign.code == "DECRYPTION_FAILED")
            // Combining before the sides.
            let early = try await client.combine(front: "ocrf_x", back: "ocrb_x")
            #expect(early.status == 409 && early.code == "SIDE_MISSING")

            let first = try await client.side("front", sealed: sealedFront)
            try #require(first.status == 200, "\(first.json)")
            let replay = try await client.side("front", sealed: sealedFront)
            #expect(replay.status == 409 && replay.code == "REQUEST_REPLAYED")
            // The back image sent as the front of a new session: the wrong side.
            let fresh = try await Client.open(url, token: token)
            let wrong = try await fresh.side("front", sealed: try fresh.sealed(try OCRHarness.card(OCRHarness.back), as: .frontRequest))
            #expect(wrong.status == 422 && wrong.code == "WRONG_SIDE", "\(wrong.status) \(wrong.json)")
            // Not an image.
            let text = try OCRTransport.seal(Data(#"{"image": "aGVsbG8gd29ybGQ="}"#.utf8), key: fresh.keys[.frontRequest]!,
                                             purpose: .frontRequest, sessionID: fresh.session.sessionID)
            let notImage = try await fresh.side("front", sealed: text)
            #expect(notImage.status == 400 && notImage.code == "INVALID_IMAGE", "\(notImage.status) \(notImage.json)")

            // Another user's token cannot see the session; made-up transactions are not found.
            let stranger = try await Client.open(url, token: try await app.token(for: "someone-else"))
            let hijack = try await stranger.side("back", sealed: try client.sealed(try OCRHarness.card(OCRHarness.back), as: .backRequest),
                                                 session: client.session.sessionID)
            #expect(hijack.status == 404 && hijack.code == "NOT_FOUND")
            let backAnswer = try await client.side("back", sealed: try client.sealed(try OCRHarness.card(OCRHarness.back), as: .backRequest))
            let frontID = try JSONDecoder().decode(OCRSideAccepted.self, from: first.body).transactionId
            let backID = try JSONDecoder().decode(OCRSideAccepted.self, from: backAnswer.body).transactionId
            let madeUp = try await client.combine(front: frontID, back: "ocrb_" + String(repeating: "A", count: 32))
            #expect(madeUp.status == 404 && madeUp.code == "NOT_FOUND")
            // None of that spent the session: the real pair still combines.
            let combined = try await client.combine(front: frontID, back: backID)
            #expect(combined.status == 200, "\(combined.json)")
        }
    }

    /// Images that are not what they claim and bodies that are not the
    /// request: each a typed 4xx, and the session's side is still free after.
    @Test func badImagesAndBadBodiesAreTypedAndLeaveTheSideFree() async throws {
        try await OCRHarness.withOCR { app, url, _ in
            let client = try await Client.open(url, token: try await app.token(for: "ocr-user"))
            let png = try OCRHarness.card(OCRHarness.front)
            // A PNG whose header declares 60,000 × 60,000 pixels: refused before any decoding.
            var bomb = [UInt8](png)
            for (offset, value) in [(16, UInt32(60_000)), (20, UInt32(60_000))] {
                for index in 0..<4 { bomb[offset + index] = UInt8((value >> (24 - 8 * UInt32(index))) & 0xFF) }
            }
            let images: [(String, Data, Int, String)] = [
                ("decompression bomb", Data(bomb), 413, "IMAGE_TOO_LARGE"),
                ("over 5 MB", png + Data(count: 5 * 1024 * 1024), 413, "IMAGE_TOO_LARGE"),
                ("truncated PNG", png.prefix(png.count / 3), 400, "INVALID_IMAGE"),
                ("a GIF", Data("GIF89a\u{1}\0\u{1}\0\0\0\0;".utf8), 400, "INVALID_IMAGE"),
                ("empty", Data(), 400, "INVALID_INPUT"),
            ]
            for (name, image, status, code) in images {
                let answer = try await client.side("front", sealed: try client.sealed(image, as: .frontRequest))
                #expect(answer.status == status && answer.code == code, "\(name): \(answer.status) \(answer.json)")
            }
            // The hostile-image set (tools/hostile): each file the intake refuses, as the front.
            let hostile = try HostileImageSet()
            for image in hostile.images where image.size > 0 {
                guard let (status, code) = HostileImageSet.refusal(of: image, formats: ["png", "jpeg"]) else { continue }
                let answer = try await client.side("front", sealed: try client.sealed(try hostile.bytes(image), as: .frontRequest))
                #expect(answer.status == status && answer.code == code, "\(image.file): \(answer.status) \(answer.json)")
            }
            let session = client.session.sessionID
            let bodies: [(String, String, Int, String)] = [
                ("no sessionID", #"{"sealedRequest": "AAAA"}"#, 400, "INVALID_INPUT"),
                ("no sealedRequest", #"{"sessionID": "\#(session)"}"#, 400, "INVALID_INPUT"),
                ("sealedRequest a number", #"{"sessionID": "\#(session)", "sealedRequest": 7}"#, 400, "INVALID_INPUT"),
                ("not JSON", "sessionID=\(session)", 400, "INVALID_INPUT"),
                ("empty sealedRequest", #"{"sessionID": "\#(session)", "sealedRequest": ""}"#, 400, "DECRYPTION_FAILED"),
                ("a made-up session", #"{"sessionID": "ocrs_nope", "sealedRequest": "AAAA"}"#, 404, "NOT_FOUND"),
                ("malicious session", #"{"sessionID": "<script>alert(1)</script>", "sealedRequest": "AAAA"}"#, 404, "NOT_FOUND"),
            ]
            for (name, body, status, code) in bodies {
                let answer = try await OCRHarness.postRaw(url, client.token, "front", Data(body.utf8))
                #expect(answer.status == status && answer.code == code, "\(name): \(answer.status) \(answer.json)")
            }
            // Past the largest body a sealed 5 MB image needs (DocumentImages.maximumRequestBytes, about 21 MB).
            let huge = try await OCRHarness.postRaw(url, client.token, "front", Data(count: 22 * 1024 * 1024))
            #expect(huge.status == 413, "\(huge.status) \(huge.json)")
            // Nothing of that took the front's place: the real front is accepted once.
            let real = try await client.side("front", sealed: try client.sealed(png, as: .frontRequest))
            #expect(real.status == 200, "\(real.json)")
        }
    }

    @Test func capturesComeBackByDefaultGoWithTheSessionAndCanBeTurnedOff() async throws {
        try await OCRHarness.withOCR { app, url, _ in
            // No setting changed: captures are on unless an operator turns them off.
            let client = try await Client.open(url, token: try await app.token(for: "ocr-user"))
            let frontImage = try OCRHarness.card(OCRHarness.front), backImage = try OCRHarness.card(OCRHarness.back)
            let front = try JSONDecoder().decode(OCRSideAccepted.self, from: try await client.side("front", sealed: try client.sealed(frontImage, as: .frontRequest)).body)
            let back = try JSONDecoder().decode(OCRSideAccepted.self, from: try await client.side("back", sealed: try client.sealed(backImage, as: .backRequest)).body)
            #expect(try await DatabaseText.count(app, "SELECT COUNT(*) AS n FROM ocr_sessions WHERE sealed_front_image IS NOT NULL AND sealed_back_image IS NOT NULL") == 1)
            let slice = frontImage.subdata(in: (frontImage.count / 2)..<(frontImage.count / 2 + 48))
            #expect(try await !DatabaseText.holds(app, slice), "images wait sealed")
            let combined = try JSONDecoder().decode(OCRCombineResponse.self,
                                                    from: try await client.combine(front: front.transactionId, back: back.transactionId).body)
            let opened = try #require(OCRTransport.open(combined.sealedResponse, key: client.keys[.combineResponse]!, purpose: .combineResponse,
                                                        sessionID: client.session.sessionID))
            let body = try JSONDecoder().decode(VIDVOCRResultBody.self, from: opened)
            #expect(body.captures == OCRCaptures(nationalIdFront: frontImage.base64EncodedString(), nationalIdBack: backImage.base64EncodedString()))
            #expect(try await DatabaseText.count(app, "SELECT COUNT(*) AS n FROM ocr_sessions WHERE sealed_front_image IS NULL AND sealed_back_image IS NULL") == 1)

            // Turned off: no captures, and the images are never kept past their read.
            try await app.configure { $0.documents.ocrCaptures = false }
            let other = try await Client.open(url, token: try await app.token(for: "ocr-user-2"))
            let otherFront = try JSONDecoder().decode(OCRSideAccepted.self, from: try await other.side("front", sealed: try other.sealed(frontImage, as: .frontRequest)).body)
            let otherBack = try JSONDecoder().decode(OCRSideAccepted.self, from: try await other.side("back", sealed: try other.sealed(backImage, as: .backRequest)).body)
            #expect(try await DatabaseText.count(app, "SELECT COUNT(*) AS n FROM ocr_sessions WHERE sealed_front_image IS NOT NULL OR sealed_back_image IS NOT NULL") == 0)
            let plain = try JSONDecoder().decode(OCRCombineResponse.self,
                                                 from: try await other.combine(front: otherFront.transactionId, back: otherBack.transactionId).body)
            let plainBody = try JSONDecoder().decode(VIDVOCRResultBody.self, from: try #require(OCRTransport.open(
                plain.sealedResponse, key: other.keys[.combineResponse]!, purpose: .combineResponse, sessionID: other.session.sessionID)))
            #expect(plainBody.captures == nil)
        }
    }

    @Test func sessionsNeedAKeyAndAnHMACKeyAndExpire() async throws {
        try await withVerityApp { app async throws in
            let url = try await app.startServer()
            let token = try await app.token(for: "ocr-user", ttlSeconds: 3600)
            let key = Curve25519.KeyAgreement.PrivateKey().publicKey.rawRepresentation.base64EncodedString()
            let noHMAC = try await OCRHarness.post(url, token, "sessions", OCRSessionRequest(clientPublicKey: key))
            #expect(noHMAC.status == 409 && noHMAC.code == "HMAC_KEY_MISSING")
            _ = try await app.operations.tenants.createHMACKey(tenant: app.tenant, environment: .test)
            for bad in ["", "not base64", Data(repeating: 1, count: 31).base64EncodedString()] {
                let answer = try await OCRHarness.post(url, token, "sessions", OCRSessionRequest(clientPublicKey: bad))
                #expect(answer.status == 400 && answer.code == "INVALID_INPUT", "\(bad)")
            }
            let noToken = try await OCRHarness.post(url, "nonsense", "sessions", OCRSessionRequest(clientPublicKey: key))
            #expect(noToken.status == 401)
            let client = try await Client.open(url, token: token)
            app.clock.advance(seconds: 16 * 60)
            let expired = try await client.side("front", sealed: try client.sealed(try OCRHarness.card(OCRHarness.front), as: .frontRequest))
            #expect(expired.status == 410 && expired.code == "SESSION_EXPIRED")
            #expect(try await app.operations.retention.housekeeping().ocrSessions == 1)
            #expect(try await DatabaseText.count(app, "SELECT COUNT(*) AS n FROM ocr_sessions") == 0)
        }
    }
}
