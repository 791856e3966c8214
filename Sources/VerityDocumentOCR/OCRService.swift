import Crypto
import Fluent
import Foundation
import Logging
import VerityAPI
import VerityCore
import VerityEnginePool
import VerityStore
import VerityVision
import VerityKernel
import VerityWebhooks

/// The national-ID OCR service: a session with its transport keys, a front
/// and a back transaction (each image sealed by the SDK, read on the engine
/// pool, kept as a sealed reading), and the combination (the card's rules
/// across both sides, signed, sealed for the SDK) that ends the session and
/// erases what it held.
///
/// Built once at start-up; each call works through the context's database handle.
struct OCRService: Sendable {
    let protector: DataProtector
    let clock: VerityClock
    let engines: DocumentEngines
    /// Wakes the job worker for the outcome's webhook deliveries (nil: the poll delivers them).
    var wake: WebhookWake? = nil

    /// A session lives this long unless combined before.
    static let sessionMinutes: Int64 = 15

    func open(_ input: OCRSessionRequest, context: IdentityContext) async throws -> OCRSessionInfo {
        guard let clientKey = Data(base64Encoded: input.clientPublicKey), clientKey.count == 32 else {
            throw VerityError.invalid("clientPublicKey", "clientPublicKey must be a 32-byte X25519 public key, base64")
        }
        // Nothing can be signed without the environment's HMAC key: say so before any image is sent.
        _ = try await ResponseSigner.load(environmentID: context.environmentID, db: context.db, protector: protector, now: clock.nowMillis())
        let sessionID = "ocrs_" + Base62.random(length: 32)
        let serverKey = Curve25519.KeyAgreement.PrivateKey()
        let keys: [OCRTransport.Purpose: SymmetricKey]
        do { keys = try OCRTransport.keys(privateKey: serverKey, peerPublicKey: clientKey, sessionID: sessionID) } catch {
            throw VerityError.invalid("clientPublicKey", "clientPublicKey is not a usable X25519 public key")
        }
        let stored = Dictionary(uniqueKeysWithValues: keys.map { ($0.key.rawValue, $0.value.withUnsafeBytes { Data($0) }) })
        let now = clock.nowMillis(), expires = now + Self.sessionMinutes * 60_000
        let id = UUID()
        let sealedKeys = try protector.seal(json: stored, at: .of(.ocrKeys, id))
        try await OCRSessionRepository(db: context.db).create(id: id, publicID: sessionID, environmentID: context.environmentID,
                                                              userID: context.userID, sealedKeys: sealedKeys, now: now, expiresAt: expires)
        return OCRSessionInfo(sessionID: sessionID, serverPublicKey: serverKey.publicKey.rawRepresentation.base64EncodedString(),
                              expiresAtEpochMs: expires)
    }

    func takeSide(_ input: OCRSideRequest, side: DocumentSide, context: IdentityContext) async throws -> OCRSideAccepted {
        let session = try await live(input.sessionID, context: context)
        guard (side == .front ? session.frontTransactionID : session.backTransactionID) == nil else {
            throw VerityError(.requestReplayed, "this session has its \(side.rawValue) already: a request is taken once")
        }
        let purpose: OCRTransport.Purpose = side == .front ? .frontRequest : .backRequest
        guard let plaintext = OCRTransport.open(input.sealedRequest, key: try key(purpose, of: session), purpose: purpose,
                                                sessionID: session.publicID) else {
            throw VerityError(.decryptionFailed, "sealedRequest did not open with this session's \(side.rawValue) key", field: "sealedRequest")
        }
        guard let payload = try? JSONDecoder().decode(OCRSidePayload.self, from: plaintext) else {
            throw VerityError.invalid("sealedRequest", "the opened request must be {\"image\": base64}")
        }
        let image = try DocumentImages.image(payload.image, field: "image")
        let today = CalendarDate(iso: clock.today().description)!
        let reading = try await engines.readEgyptianIDSide(image, side: side, today: today)
        try await refuseOtherSide(reading, image: image, today: today)
        let transactionID = (side == .front ? "ocrf_" : "ocrb_") + Base62.random(length: 32)
        // What the card says and shows is the user's: sealed under their key.
        let sealer = try await context.personSealer(protector, now: clock.nowMillis())
        let (readingColumn, imageColumn): (SealedColumn, SealedColumn) = side == .front ? (.ocrFront, .ocrFrontImage) : (.ocrBack, .ocrBackImage)
        let sealedReading = try sealer.seal(json: reading, at: .of(readingColumn, session.id))
        let sealedImage = Self.keepsImages(context) ? try sealer.seal(Data(image), at: .of(imageColumn, session.id)) : nil
        guard try await OCRSessionRepository(db: context.db).takeSide(id: session.id, front: side == .front, transactionID: transactionID,
                                                              sealedReading: sealedReading, sealedImage: sealedImage,
                                                              now: clock.nowMillis()) else {
            throw VerityError(.requestReplayed, "this session took its \(side.rawValue) meanwhile: a request is taken once")
        }
        let report = OCRSideReport(side: side, transactionId: transactionID, confidence: Int((reading.confidence * 100).rounded()),
                                   isGreyscale: reading.quality.signal(.colourfulness)?.passed == false,
                                   problems: reading.quality.problems.map(\.name.rawValue))
        let signer = try await ResponseSigner.load(environmentID: context.environmentID, db: context.db, protector: protector, now: clock.nowMillis())
        return OCRSideAccepted(sessionID: session.publicID, side: side, transactionId: transactionID,
                               hmacDataList: [try signer.sign(serviceID: "ocr", rawResponse: try Self.json(report))])
    }

    func combine(_ input: OCRCombineRequest, context: IdentityContext) async throws -> OCRCombineResponse {
        let session = try await live(input.sessionID, context: context)
        guard let frontID = session.frontTransactionID, let sealedFront = session.sealedFront else {
            throw VerityError(.sideMissing, "this session has no front yet: send it first", field: "transactionIdFront")
        }
        guard let backID = session.backTransactionID, let sealedBack = session.sealedBack else {
            throw VerityError(.sideMissing, "this session has no back yet: send it first", field: "transactionIdBack")
        }
        guard input.transactionIdFront == frontID else { throw VerityError(.notFound, "no such front in this session", field: "transactionIdFront") }
        guard input.transactionIdBack == backID else { throw VerityError(.notFound, "no such back in this session", field: "transactionIdBack") }
        let sealer = try await context.personSealer(protector, now: clock.nowMillis())
        let report = try await DocumentJudge(engines: engines).combineEgyptianID(
            front: try sealer.open(json: EgyptianIDSideReading.self, from: sealedFront, at: .of(.ocrFront, session.id)),
            back: try sealer.open(json: EgyptianIDSideReading.self, from: sealedBack, at: .of(.ocrBack, session.id)),
            today: CalendarDate(iso: clock.today().description)!)
        let combinationID = "ocrc_" + Base62.random(length: 32)
        let result = OCRResultMapping.result(report, transactionIdFront: frontID, transactionIdBack: backID, combinationID: combinationID)
        let verification = DocumentVerificationResult(success: OCRResultMapping.success(report, result))
        let signer = try await ResponseSigner.load(environmentID: context.environmentID, db: context.db, protector: protector, now: clock.nowMillis())
        let raw = try Self.json(OCRRawResponse(sessionID: session.publicID, ocrResult: result, documentVerificationResult: verification))
        let captures = try (context.configuration.documents.ocrCaptures ? session.sealedFrontImage : nil).flatMap { front in
            try session.sealedBackImage.map { back in
                OCRCaptures(nationalIdFront: try sealer.open(front, at: .of(.ocrFrontImage, session.id)).base64EncodedString(),
                            nationalIdBack: try sealer.open(back, at: .of(.ocrBackImage, session.id)).base64EncodedString())
            }
        }
        let body = VIDVOCRResultBody(sessionID: session.publicID, ocrResult: result, documentVerificationResult: verification, captures: captures,
                                     hmacDataList: [try signer.sign(serviceID: "ocr", rawResponse: raw)])
        let sealed = try OCRTransport.seal(try JSONEncoder().encode(body), key: try key(.combineResponse, of: session),
                                           purpose: .combineResponse, sessionID: session.publicID)
        // The session ends here: its keys, readings and images go in the same statement.
        let completed = WebhookEvents.draft(OCRCombinationCompleted(combinationId: combinationID, success: verification.success),
                                            environmentID: context.environmentID, userID: context.userID)
        let now = clock.nowMillis()
        let doubts = context.configuration.documents.review.enabled ? OCRReview.reasons(result) : []
        let review = try await doubts.isEmpty ? nil : heldForReview(session.id, result: result, reasons: doubts, sealer: sealer,
                                                                    context: context, now: now)
        guard let told = try await OCRSessionRepository(db: context.db).finish(id: session.id, combinationID: combinationID, now: now,
                                                                               events: [completed], review: review) else {
            throw VerityError(.requestReplayed, "this session was combined already")
        }
        wake?.published(told)
        VerityMetrics.checkCompleted(product: "ocr", outcome: verification.success ? "success" : "failure")
        return OCRCombineResponse(sessionID: session.publicID, combinationID: combinationID, sealedResponse: sealed)
    }

    /// The images are kept (sealed) for the SDK's captures, or for a reviewer
    /// in an environment that holds doubtful combinations.
    static func keepsImages(_ context: IdentityContext) -> Bool {
        context.configuration.documents.ocrCaptures || context.configuration.documents.review.enabled
    }

    /// The case a doubtful combination opens, with the combined result it keeps for the reviewer.
    private func heldForReview(_ sessionID: UUID, result: OCRResult, reasons: [String], sealer: PersonSealer, context: IdentityContext,
                               now: Int64) async throws -> (reviewCase: ReviewCaseModel, sealedResult: Data) {
        let tenantID = try await TenantRepository(db: context.db).tenantID(environmentID: context.environmentID)
        let reviewCase = ReviewCaseModel(tenantID: tenantID, environmentID: context.environmentID, kind: .ocrCombination,
                                         subjectID: sessionID, userID: context.userID, reasons: reasons, openedAt: now)
        return (reviewCase, try sealer.seal(json: result, at: .of(.ocrReview, sessionID)))
    }

    /// The session, if it is this user's and still open.
    private func live(_ sessionID: String, context: IdentityContext) async throws -> OCRSessionRepository.Session {
        guard sessionID.hasPrefix("ocrs_"), sessionID.count <= 64,
              let session = try await OCRSessionRepository(db: context.db).session(publicID: sessionID, environmentID: context.environmentID,
                                                                            userID: context.userID) else {
            throw VerityError(.notFound, "no such OCR session", field: "sessionID")
        }
        if session.finishedAt != nil { throw VerityError(.requestReplayed, "this session was combined already: start a new one") }
        guard session.expiresAt > clock.nowMillis() else {
            throw VerityError(.sessionExpired, "this OCR session expired after \(Self.sessionMinutes) minutes: start a new one")
        }
        return session
    }

    private func key(_ purpose: OCRTransport.Purpose, of session: OCRSessionRepository.Session) throws -> SymmetricKey {
        guard let sealed = session.sealedKeys,
              let bytes = try protector.open(json: [String: Data].self, from: sealed, at: .of(.ocrKeys, session.id))[purpose.rawValue] else {
            throw VerityError(.systemError, "the session's keys are missing")
        }
        return SymmetricKey(data: bytes)
    }

    /// A front that lacks the front's own text but reads as a back is the
    /// wrong side (and the reverse). The national number is on both sides, so
    /// the sides are told apart by what only one side prints: the name and
    /// address on the front, the expiry date and serial number on the back.
    /// The other read runs only when the expected one lacks its own text, so
    /// a good capture costs one read.
    private func refuseOtherSide(_ reading: EgyptianIDSideReading, image: [UInt8], today: CalendarDate) async throws {
        let front = reading.side == .front
        guard !Self.holdsOwnText(reading) else { return }
        let other = try await engines.readEgyptianIDSide(image, side: front ? .back : .front, today: today)
        if Self.holdsOwnText(other) {
            throw VerityError(.wrongSide, "this image is the card's \(front ? "back" : "front"): send it as the \(front ? "back" : "front")",
                              field: "image")
        }
    }

    static func holdsOwnText(_ reading: EgyptianIDSideReading) -> Bool {
        let text = reading.text
        return reading.side == .front
            ? !(text.firstName?.text.isEmpty ?? true) && !(text.street?.text.isEmpty ?? true)
            : text.expiryDate != nil || text.serialNumber.map { EgyptianIDRules.isSerialNumber($0.text.uppercased()) } == true
    }

    static func json<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    init(protector: DataProtector, clock: VerityClock, engines: DocumentEngines, wake: WebhookWake? = nil) {
        self.protector = protector
        self.clock = clock
        self.engines = engines
        self.wake = wake
    }
}

/// What the `ocr` engine answered for a combination: the raw response that is signed.
struct OCRRawResponse: Codable, Sendable {
    var sessionID: String
    var ocrResult: OCRResult
    var documentVerificationResult: DocumentVerificationResult
}
