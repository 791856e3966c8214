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
/// `Idempotency-Key`, so a retried submit is never charged twice.
public final class MobileVerificationClient: Sendable {
    let baseURL: URL
    let clientKey: String
    let session: URLSession
    let retryDelays: [Duration]
    /// The longest wait a `Retry-After` may impose before the error is returned instead.
    let maximumWait: Duration

    public init(baseURL: URL, clientKey: String, session: URLSession = .shared,
                retryDelays: [Duration] = [.seconds(1), .seconds(3), .seconds(9)], maximumWait: Duration = .seconds(60)) {
        self.baseURL = baseURL
        self.clientKey = clientKey
        self.session = session
        self.retryDelays = retryDelays
        self.maximumWait = maximumWait
    }

    // MARK: - VerifyHuman

    /// One selfie: a single live-looking human face passes, with a token for your backend.
    public func verifyHuman(image: Data) async throws -> HumanVerification {
        let answer: Envelope<HumanData> = try await post("/verifyhuman/verify", ["selfie_b64": image.base64EncodedString()])
        return try Self.human(answer)
    }

    public func verifyHumanStatus(verificationID: String) async throws -> HumanVerification {
        let answer: Envelope<HumanData> = try await get("/verifyhuman/status/\(Self.pathSafe(verificationID))")
        return try Self.human(answer)
    }

    // MARK: - VerifyAge

    /// The claimed date of birth (`yyyy-mm-dd`), then the selfie; `document` is
    /// asked for only when the face alone is not clear enough.
    public func verifyAge(dateOfBirth: String, selfie: Data,
                          document: @Sendable () async throws -> MobileDocument) async throws -> SessionVerification {
        let started: Envelope<AgeData> = try await post("/verifyage/session", [:])
        let id = try Self.sessionID(started)
        var answer: Envelope<AgeData> = try await post("/verifyage/step1", ["date_of_birth": dateOfBirth], session: id)
        if answer.next_step == "step2" {
            answer = try await post("/verifyage/step2", ["selfie_b64": selfie.base64EncodedString()], session: id)
        }
        while answer.next_step == "step3" {
            let doc = try await document()
            var body = Self.hints(doc)
            body["id_front_b64"] = doc.front.base64EncodedString()
            if let back = doc.back { body["id_back_b64"] = back.base64EncodedString() }
            answer = try await post("/verifyage/step3", body, session: id)
            // Still at step 3: the document was unreadable; the closure is asked again once.
            if answer.next_step == "step3" { break }
        }
        return Self.session(answer, id: id, age: answer.data?.age_estimate)
    }

    // MARK: - VerifyIdentity and VerifyCompliance

    /// Selfie, document, submit. An unreadable document answers with
    /// `nextStep == "upload_id_front"` and the reasons, to take it again.
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
        let status: Envelope<IdentityData> = try await get("/\(product.rawValue)/status/\(Self.pathSafe(sessionID))")
        return Self.session(try await upload(document, product: product, session: sessionID, after: status), id: sessionID, age: nil)
    }

    /// The ended session's result: the document's fields and decision, the
    /// face match, the liveness signals and (VerifyCompliance) the screening.
    public func identityResult(sessionID: String, product: MobileDocumentProduct = .verifyIdentity) async throws
        -> IdentityVerificationResult {
        let answer: Envelope<IdentityData> = try await get("/\(product.rawValue)/result/\(Self.pathSafe(sessionID))")
        guard let result = answer.data?.result else {
            throw MobileVerificationError(code: .invalidResponse, message: "the session's result is missing", sessionID: sessionID)
        }
        return result
    }

    private func documentSession(_ product: MobileDocumentProduct, selfie: Data, document: MobileDocument) async throws
        -> SessionVerification {
        let base = "/" + product.rawValue
        let started: Envelope<IdentityData> = try await post(base + "/session", [:])
        let id = try Self.sessionID(started)
        var answer: Envelope<IdentityData> = try await post(base + "/upload/selfie", ["selfie_b64": selfie.base64EncodedString()], session: id)
        answer = try await upload(document, product: product, session: id, after: answer)
        return Self.session(answer, id: id, age: nil)
    }

    private func upload(_ document: MobileDocument, product: MobileDocumentProduct, session id: String,
                        after previous: Envelope<IdentityData>) async throws -> Envelope<IdentityData> {
        let base = "/" + product.rawValue
        var answer = previous
        if answer.next_step == "upload_id_front" {
            var body = Self.hints(document)
            body["id_front_b64"] = document.front.base64EncodedString()
            answer = try await post(base + "/upload/id-front", body, session: id)
        }
        if answer.next_step == "upload_id_back" {
            guard let back = document.back else {
                throw MobileVerificationError(code: .missingRequiredField, message: "this document needs its back", field: "back", sessionID: id)
            }
            answer = try await post(base + "/upload/id-back", ["id_back_b64": back.base64EncodedString()], session: id)
        }
        if answer.next_step == "submit" { answer = try await post(base + "/submit", [:], session: id) }
        return answer
    }

    // MARK: - wire

    struct Envelope<Payload: Decodable & Sendable>: Decodable, Sendable {
        let success: Bool
        let session_id: String?
        let verification_id: String?
        let outcome: MobileOutcome?
        let next_step: String?
        let data: Payload?
    }

    struct HumanData: Decodable, Sendable {
        let token: String?
        let reasons: [String]
    }

    struct AgeData: Decodable, Sendable {
        let reasons: [String]
        let age_estimate: Double?
    }

    struct IdentityData: Decodable, Sendable {
        let reasons: [String]
        let result: IdentityVerificationResult?
    }

    struct ErrorBody: Decodable {
        let code: String
        let message: String
        let retryable: Bool?
        let field: String?
        let session_id: String?
    }

    private func post<Payload>(_ path: String, _ body: [String: String], session id: String? = nil) async throws -> Envelope<Payload> {
        try await send("POST", path, body: try JSONEncoder().encode(body), session: id, idempotencyKey: UUID().uuidString)
    }

    private func get<Payload>(_ path: String) async throws -> Envelope<Payload> {
        try await send("GET", path, body: nil, session: nil, idempotencyKey: nil)
    }

    /// One call, retried on retryable errors with the same Idempotency-Key.
    private func send<Payload>(_ method: String, _ path: String, body: Data?, session id: String?,
                               idempotencyKey: String?) async throws -> Envelope<Payload> {
        var headers = ["X-Client-Key": clientKey]
        headers["X-Mobile-Session"] = id
        headers["Idempotency-Key"] = idempotencyKey
        var attempt = 0
        while true {
            do {
                return try await exchange(method, path, body: body, headers: headers)
            } catch let error as MobileVerificationError where error.retryable && attempt < retryDelays.count {
                let asked = error.retryAfterSeconds.map { Duration.seconds($0) } ?? retryDelays[attempt]
                guard asked <= maximumWait else { throw error }
                try await Task.sleep(for: asked)
                attempt += 1
            }
        }
    }

    private func exchange<Payload>(_ method: String, _ path: String, body: Data?, headers: [String: String]) async throws -> Envelope<Payload> {
        let data: Data, response: HTTPURLResponse?
        do {
            (data, response) = try await RawHTTP.exchange(baseURL: baseURL, session: session, method: method,
                                                          path: "/api/mobile/v1" + path, body: body, headers: headers)
        } catch RawHTTP.Failure.badURL {
            throw MobileVerificationError(code: .invalidInput, message: "the base URL is not valid", field: "baseURL")
        } catch {
            throw MobileVerificationError(code: .networkError, message: "the service could not be reached", retryable: true)
        }
        let status = response?.statusCode ?? 0
        guard (200..<300).contains(status) else {
            let retryAfter = response?.value(forHTTPHeaderField: "Retry-After").flatMap(Int.init)
            guard let body = try? JSONDecoder().decode(ErrorBody.self, from: data) else {
                throw MobileVerificationError(code: status >= 500 ? .serviceUnavailable : .invalidResponse,
                                              message: "the service answered HTTP \(status)", retryable: status >= 500,
                                              httpStatus: status, retryAfterSeconds: retryAfter)
            }
            throw MobileVerificationError(code: .init(rawValue: body.code), message: body.message, field: body.field,
                                          retryable: body.retryable ?? false, httpStatus: status, retryAfterSeconds: retryAfter,
                                          sessionID: body.session_id)
        }
        do {
            return try JSONDecoder().decode(Envelope<Payload>.self, from: data)
        } catch {
            throw MobileVerificationError(code: .invalidResponse, message: "the service's answer could not be read", httpStatus: status)
        }
    }

    private static func human(_ answer: Envelope<HumanData>) throws -> HumanVerification {
        guard let id = answer.verification_id, let outcome = answer.outcome else {
            throw MobileVerificationError(code: .invalidResponse, message: "the answer has no outcome")
        }
        return HumanVerification(verificationID: id, outcome: outcome, token: answer.data?.token, reasons: answer.data?.reasons ?? [])
    }

    /// The document's type and country, only where the app gave them.
    private static func hints(_ document: MobileDocument) -> [String: String] {
        var body: [String: String] = [:]
        body["document_type"] = document.type?.rawValue
        body["country"] = document.country
        return body
    }

    private static func sessionID<Payload>(_ answer: Envelope<Payload>) throws -> String {
        guard let id = answer.session_id else { throw MobileVerificationError(code: .invalidResponse, message: "no session was opened") }
        return id
    }

    private static func session<Payload>(_ answer: Envelope<Payload>, id: String, age: Double?) -> SessionVerification {
        let reasons = (answer.data as? AgeData)?.reasons ?? (answer.data as? IdentityData)?.reasons ?? []
        return SessionVerification(sessionID: id, verificationID: answer.verification_id, outcome: answer.outcome,
                                   nextStep: answer.next_step, reasons: reasons, ageEstimate: age)
    }

    private static func pathSafe(_ component: String) -> String {
        component.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-_"))) ?? component
    }
}
