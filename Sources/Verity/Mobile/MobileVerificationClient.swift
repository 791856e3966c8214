import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import VerityAPI

/// The mobile API from an app, with a publishable client key (`vhk_live_…`,
/// `vhk_test_…`, `pk_demo_…`), safe to ship in the app: it can only run
/// verifications. The flows follow `next_step` themselves. Retryable errors
/// (`RATE_LIMITED`, `SYSTEM_ERROR`, an unreachable service) are retried after
/// 1 s, 3 s and 9 s (or the `Retry-After` the service asks for) with the same
/// `Idempotency-Key`, so a retried submit is never charged twice. When a try
/// timed out but the service is still working on it, the retry is told
/// `IDEMPOTENCY_KEY_IN_USE`; the client then waits for that first try's
/// answer (asking every 2 s, up to `inUsePatience`) rather than giving up
/// on a call that will succeed.
public final class MobileVerificationClient: Sendable {
    let baseURL: URL
    let clientKey: String
    let session: URLSession?
    let retryDelays: [Duration]
    /// The longest wait a `Retry-After` may impose before the error is returned instead.
    let maximumWait: Duration
    /// How long a call waits for its own first try, still running on the service.
    let inUsePatience: Duration
    /// How long one request may take before it fails as a network error (and is retried).
    let requestTimeout: TimeInterval

    public init(baseURL: URL, clientKey: String, session: URLSession? = nil,
                retryDelays: [Duration] = [.seconds(1), .seconds(3), .seconds(9)], maximumWait: Duration = .seconds(60),
                inUsePatience: Duration = .seconds(300), requestTimeout: TimeInterval = 60) {
        self.baseURL = baseURL
        self.clientKey = clientKey
        self.session = session
        self.retryDelays = retryDelays
        self.maximumWait = maximumWait
        self.inUsePatience = inUsePatience
        self.requestTimeout = requestTimeout
    }

    // MARK: - VerifyHuman

    /// One selfie: a single live-looking human face passes, with a token for your backend.
    public func verifyHuman(image: Data) async throws -> HumanVerification {
        try Self.human(try await post(MobileEndpoint.verifyHuman, MobileSelfieUpload(selfie: image)))
    }

    public func verifyHumanStatus(verificationID: String) async throws -> HumanVerification {
        try Self.human(try await get(MobileEndpoint.verifyHumanStatus, id: verificationID))
    }

    // MARK: - VerifyAge

    /// The claimed date of birth (`yyyy-mm-dd`), then the selfie; `document` is
    /// asked for only when the face alone is not clear enough.
    public func verifyAge(dateOfBirth: String, selfie: Data,
                          document: @Sendable () async throws -> MobileDocument) async throws -> AgeSessionVerification {
        let id = try Self.sessionID(try await startAgeSession())
        var answer = try await submitDateOfBirth(sessionID: id, dateOfBirth: dateOfBirth)
        if answer.nextStep == .step2 { answer = try await submitAgeSelfie(sessionID: id, selfie: selfie) }
        while answer.nextStep == .step3 {
            answer = try await submitAgeDocument(sessionID: id, document: try await document())
            // Still at step 3: the document was unreadable; the closure is asked again once.
            if answer.nextStep == .step3 { break }
        }
        return SessionVerification(envelope: answer, sessionID: id)
    }

    // MARK: - VerifyIdentity and VerifyCompliance, the whole flow

    /// Selfie, document, submit. An unreadable document answers with
    /// `nextStep == .uploadIDFront` and the reasons, to take it again.
    ///
    /// With `readChip`, the passport's chip too: the SDK asks the server for
    /// an Active Authentication challenge, your closure reads the chip with it
    /// (NFC: `docs/chip.md`) and gives back what it read, and the SDK sends it
    /// before the submit.
    public func verifyIdentity(selfie: Data, document: MobileDocument,
                               readChip: (@Sendable (MobileChipChallengeData) async throws -> ChipRead)? = nil) async throws
        -> DocumentSessionVerification {
        try await documentSession(.verifyIdentity, selfie: selfie, document: document, readChip: readChip)
    }

    /// VerifyIdentity plus the identity read from the document screened
    /// against the server's sanctions list: a match fails with `SANCTIONS_MATCH`
    /// (the matches are in `identityResult(sessionID:product: .verifyCompliance).screening`).
    public func verifyCompliance(selfie: Data, document: MobileDocument,
                                 readChip: (@Sendable (MobileChipChallengeData) async throws -> ChipRead)? = nil) async throws
        -> DocumentSessionVerification {
        try await documentSession(.verifyCompliance, selfie: selfie, document: document, readChip: readChip)
    }

    /// Sends the document again into a session that asked for it, and submits.
    public func retakeDocument(sessionID: String, document: MobileDocument,
                               product: MobileDocumentProduct = .verifyIdentity) async throws -> DocumentSessionVerification {
        let answer = try await upload(document, product: product, session: sessionID, after: try await status(product, sessionID: sessionID))
        return SessionVerification(envelope: answer, sessionID: sessionID)
    }

    /// The ended session's result: the document's fields and decision, the
    /// face match, the liveness signals and (VerifyCompliance) the screening.
    public func identityResult(sessionID: String, product: MobileDocumentProduct = .verifyIdentity) async throws
        -> IdentityVerificationResult {
        guard let result = try await result(product, sessionID: sessionID).data?.result else {
            throw MobileVerificationError(code: .invalidResponse, message: "the session's result is missing", sessionID: sessionID)
        }
        return result
    }

    private func documentSession(_ product: MobileDocumentProduct, selfie: Data, document: MobileDocument,
                                 readChip: (@Sendable (MobileChipChallengeData) async throws -> ChipRead)?) async throws
        -> DocumentSessionVerification {
        let id = try Self.sessionID(try await startSession(product))
        if let readChip {
            let chip = try await readChip(try await chipChallenge(product, sessionID: id))
            _ = try await uploadChip(product, sessionID: id, chip: chip)
        }
        let selfieTaken = try await uploadSelfie(product, sessionID: id, selfie: selfie)
        let answer = try await upload(document, product: product, session: id, after: selfieTaken)
        return SessionVerification(envelope: answer, sessionID: id)
    }

    /// The document's sides as the session asks for them, then the submit.
    private func upload(_ document: MobileDocument, product: MobileDocumentProduct, session id: String,
                        after previous: MobileEnvelope<MobileIdentityData>) async throws -> MobileEnvelope<MobileIdentityData> {
        var answer = previous
        if answer.nextStep == .uploadIDFront { answer = try await uploadIDFront(product, sessionID: id, document: document) }
        if answer.nextStep == .uploadIDBack {
            guard let back = document.back else {
                throw MobileVerificationError(code: .missingRequiredField, message: "this document needs its back", field: "back", sessionID: id)
            }
            answer = try await uploadIDBack(product, sessionID: id, back: back)
        }
        if answer.nextStep == .submit { answer = try await submit(product, sessionID: id) }
        return answer
    }

    // MARK: - wire

    func post<Body: MobileRequest, Answer: Decodable>(_ endpoint: Endpoint<Body, Answer>, _ body: Body,
                                                               session id: String? = nil) async throws -> Answer {
        try await send(endpoint, body: body, session: id)
    }

    func get<Answer: Decodable>(_ endpoint: Endpoint<NoBody, Answer>, id: String? = nil) async throws -> Answer {
        try await send(endpoint, id: id)
    }

    /// One call, tried again on retryable errors (a POST with the same Idempotency-Key: `ServiceRetries`).
    private func send<Body: Encodable, Answer: Decodable>(_ endpoint: Endpoint<Body, Answer>, id: String? = nil, body: Body? = nil,
                                                          session: String? = nil) async throws -> Answer {
        var headers: [String: String] = [:]
        headers[WireHeader.mobileSession] = session
        let transport = ServiceTransport<MobileVerificationError>(baseURL: baseURL, session: self.session, requestTimeout: requestTimeout)
        let retries = ServiceRetries(delays: retryDelays, maximumWait: maximumWait, inUsePatience: inUsePatience)
        return try await transport.call(endpoint, id.map { [RouteParameter.id: $0] } ?? [:], body: body, credential: .clientKey(clientKey),
                                        headers: headers, retries: retries)
    }

    private static func human(_ answer: MobileEnvelope<MobileHumanData>) throws -> HumanVerification {
        guard let id = answer.verificationID, let outcome = answer.outcome else {
            throw MobileVerificationError(code: .invalidResponse, message: "the answer has no outcome")
        }
        return HumanVerification(envelope: answer, verificationID: id, outcome: outcome)
    }

    private static func sessionID<Payload>(_ answer: MobileEnvelope<Payload>) throws -> String {
        guard let id = answer.sessionID else { throw MobileVerificationError(code: .invalidResponse, message: "no session was opened") }
        return id
    }

}
