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
                          document: @Sendable () async throws -> MobileDocument) async throws -> SessionVerification {
        let started: MobileEnvelope<MobileAgeData> = try await post(MobileEndpoint.ageSession, MobileEmptyRequest())
        let id = try Self.sessionID(started)
        var answer: MobileEnvelope<MobileAgeData> = try await post(MobileEndpoint.ageStep1, MobileDateOfBirth(dateOfBirth: dateOfBirth), session: id)
        if answer.nextStep == .step2 {
            answer = try await post(MobileEndpoint.ageStep2, MobileSelfieUpload(selfie: selfie), session: id)
        }
        while answer.nextStep == .step3 {
            let doc = try await document()
            answer = try await post(MobileEndpoint.ageStep3, MobileAgeDocumentUpload(idFront: doc.front, idBack: doc.back, hints: doc.hints), session: id)
            // Still at step 3: the document was unreadable; the closure is asked again once.
            if answer.nextStep == .step3 { break }
        }
        return Self.session(answer, id: id, reasons: answer.data?.reasons ?? [], age: answer.data?.ageEstimate)
    }

    // MARK: - VerifyIdentity and VerifyCompliance

    /// Selfie, document, submit. An unreadable document answers with
    /// `nextStep == .uploadIDFront` and the reasons, to take it again.
    public func verifyIdentity(selfie: Data, document: MobileDocument) async throws -> SessionVerification {
        try await documentSession(.verifyIdentity, selfie: selfie, document: document)
    }

    /// VerifyIdentity plus the identity read from the document screened
    /// against the server's sanctions list: a match fails with `SANCTIONS_MATCH`
    /// (the matches are in `identityResult(sessionID:product: .verifyCompliance).screening`).
    public func verifyCompliance(selfie: Data, document: MobileDocument) async throws -> SessionVerification {
        try await documentSession(.verifyCompliance, selfie: selfie, document: document)
    }

    /// Sends the document again into a session that asked for it, and submits.
    public func retakeDocument(sessionID: String, document: MobileDocument,
                               product: MobileDocumentProduct = .verifyIdentity) async throws -> SessionVerification {
        let status: MobileEnvelope<MobileIdentityData> = try await get(MobileEndpoint.status(product), id: sessionID)
        let answer = try await upload(document, product: product, session: sessionID, after: status)
        return Self.session(answer, id: sessionID, reasons: answer.data?.reasons ?? [], age: nil)
    }

    /// The ended session's result: the document's fields and decision, the
    /// face match, the liveness signals and (VerifyCompliance) the screening.
    public func identityResult(sessionID: String, product: MobileDocumentProduct = .verifyIdentity) async throws
        -> IdentityVerificationResult {
        let answer: MobileEnvelope<MobileIdentityData> = try await get(MobileEndpoint.result(product), id: sessionID)
        guard let result = answer.data?.result else {
            throw MobileVerificationError(code: .invalidResponse, message: "the session's result is missing", sessionID: sessionID)
        }
        return result
    }

    private func documentSession(_ product: MobileDocumentProduct, selfie: Data, document: MobileDocument) async throws
        -> SessionVerification {
        let started: MobileEnvelope<MobileIdentityData> = try await post(MobileEndpoint.session(product), MobileEmptyRequest())
        let id = try Self.sessionID(started)
        let selfieTaken: MobileEnvelope<MobileIdentityData> = try await post(MobileEndpoint.uploadSelfie(product), MobileSelfieUpload(selfie: selfie),
                                                                            session: id)
        let answer = try await upload(document, product: product, session: id, after: selfieTaken)
        return Self.session(answer, id: id, reasons: answer.data?.reasons ?? [], age: nil)
    }

    private func upload(_ document: MobileDocument, product: MobileDocumentProduct, session id: String,
                        after previous: MobileEnvelope<MobileIdentityData>) async throws -> MobileEnvelope<MobileIdentityData> {
        var answer = previous
        if answer.nextStep == .uploadIDFront {
            answer = try await post(MobileEndpoint.uploadFront(product), MobileIDFrontUpload(idFront: document.front, hints: document.hints), session: id)
        }
        if answer.nextStep == .uploadIDBack {
            guard let back = document.back else {
                throw MobileVerificationError(code: .missingRequiredField, message: "this document needs its back", field: "back", sessionID: id)
            }
            answer = try await post(MobileEndpoint.uploadBack(product), MobileIDBackUpload(idBack: back), session: id)
        }
        if answer.nextStep == .submit { answer = try await post(MobileEndpoint.submit(product), MobileEmptyRequest(), session: id) }
        return answer
    }

    // MARK: - wire

    private func post<Body: MobileRequest, Answer: Decodable>(_ endpoint: Endpoint<Body, Answer>, _ body: Body,
                                                               session id: String? = nil) async throws -> Answer {
        try await send(endpoint, body: body, session: id)
    }

    private func get<Answer: Decodable>(_ endpoint: Endpoint<NoBody, Answer>, id: String? = nil) async throws -> Answer {
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
        return HumanVerification(verificationID: id, outcome: outcome, token: answer.data?.token, reasons: answer.data?.reasons ?? [])
    }

    private static func sessionID<Payload>(_ answer: MobileEnvelope<Payload>) throws -> String {
        guard let id = answer.sessionID else { throw MobileVerificationError(code: .invalidResponse, message: "no session was opened") }
        return id
    }

    private static func session<Payload>(_ answer: MobileEnvelope<Payload>, id: String, reasons: [String], age: Double?) -> SessionVerification {
        SessionVerification(sessionID: id, verificationID: answer.verificationID, outcome: answer.outcome,
                            nextStep: answer.nextStep, reasons: reasons, ageEstimate: age)
    }
}
