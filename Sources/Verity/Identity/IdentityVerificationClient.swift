import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@_exported import VerityAPI
import VerityWire

/// Verifies the identity of one end user against a Verity server.
///
/// Create one per user session with the server's address and a way to get
/// that user's token (minted by your backend with its secret key, through
/// `POST /admin/v1/users/{userRef}/token`). Every method throws
/// ``IdentityVerificationError``. A call that failed but may succeed later
/// (`RATE_LIMITED`, `SERVICE_UNAVAILABLE`, an unreachable service) is tried
/// again as `retries` says (after 1, 3 and 9 s by default); a POST carries one
/// `Idempotency-Key` for all its tries, so a retry after a lost answer gets
/// that answer instead of verifying twice.
///
/// ```swift
/// let client = IdentityVerificationClient(baseURL: url) { try await myBackend.verityToken() }
/// let identity = try await client.verifyIdentity(input: VerifyIdentityInput(
///     firstName: "John", lastName: "Smith", address: "222333 Peachtree Place",
///     city: "Atlanta", state: "GA", postalCode: "30318", country: "US", dateOfBirth: "1975-02-28"))
/// ```
public final class IdentityVerificationClient: Sendable {
    private let transport: ServiceTransport<IdentityVerificationError>
    /// How a failed call is tried again (a POST with the same `Idempotency-Key`).
    private let retries: ServiceRetries
    private let tokenProvider: @Sendable () async throws -> String
    /// Answers kept for `QueryOption.cachedOrRemote`, by document flow.
    private let faceImageAnswers = FaceImageAnswers()

    /// - Parameters:
    ///   - baseURL: The Verity server, e.g. `https://verity.example.com`.
    ///   - session: The URL session to send requests with; by default `URLSession.shared`
    ///     on Apple platforms and AsyncHTTPClient's shared client on Linux (where
    ///     FoundationNetworking's URLSession keeps a core busy while it waits).
    ///   - requestTimeout: How long one call may take before it fails with `NETWORK_ERROR`
    ///     (60 s by default; a document check answers `pending` well before, and settles in the background).
    ///   - retries: How a failed call is tried again; `.never` for one try.
    ///   - tokenProvider: Returns a current end-user token; called before each call.
    public init(baseURL: URL, session: URLSession? = nil, requestTimeout: TimeInterval = 60, retries: ServiceRetries = ServiceRetries(),
                tokenProvider: @escaping @Sendable () async throws -> String) {
        transport = ServiceTransport(baseURL: baseURL, session: session, requestTimeout: requestTimeout)
        self.retries = retries
        self.tokenProvider = tokenProvider
    }

    /// A client that always sends `token`.
    public convenience init(baseURL: URL, token: String, session: URLSession? = nil, requestTimeout: TimeInterval = 60,
                            retries: ServiceRetries = ServiceRetries()) {
        self.init(baseURL: baseURL, session: session, requestTimeout: requestTimeout, retries: retries) { token }
    }

    /// ISO 3166-1 alpha-2 codes of the countries whose identities can be verified.
    public func listSupportedCountries() async throws -> [String] {
        try await call(IdentityEndpoint.supportedCountries).countries
    }

    /// Verifies the user from their name, address and date of birth.
    ///
    /// A user already verified gets their state back without a new attempt;
    /// so does a user who may not attempt again. Check ``VerifiedIdentity/verified``,
    /// then ``VerifiedIdentity/canAttemptVerificationAgain`` and
    /// ``VerifiedIdentity/requiredVerificationMethod`` to guide the user.
    /// Throws ``IdentityVerificationError/Code/consentRequired`` when the
    /// environment requires consent that was not given.
    public func verifyIdentity(input: VerifyIdentityInput) async throws -> VerifiedIdentity {
        try await call(IdentityEndpoint.verify, body: input)
    }

    /// The user's current verification state.
    public func checkIdentityVerification() async throws -> VerifiedIdentity {
        try await call(IdentityEndpoint.verification)
    }

    /// Whether this environment requires consent before verification.
    public func isConsentRequiredForVerification() async throws -> Bool {
        try await call(IdentityEndpoint.consentRequired).required
    }

    /// Whether `verifyIdentityDocument` needs a face image beside the document
    /// (and must not get one when false). An environment setting.
    public func isFaceImageRequiredWithDocumentVerification(option: QueryOption = .remoteOnly) async throws -> Bool {
        try await faceImageRequired(flow: .verification, option: option)
    }

    /// Whether `captureAndVerifyIdentityDocument` needs a face image beside the
    /// document (and must not get one when false). An environment setting.
    public func isFaceImageRequiredWithDocumentCapture(option: QueryOption = .remoteOnly) async throws -> Bool {
        try await faceImageRequired(flow: .capture, option: option)
    }

    /// The specification's short spelling (`isFaceImageRequired()`, in its
    /// capture section): whether `captureAndVerifyIdentityDocument` needs a face image.
    public func isFaceImageRequired(option: QueryOption = .remoteOnly) async throws -> Bool {
        try await isFaceImageRequiredWithDocumentCapture(option: option)
    }

    /// Verifies the user with a government ID after a PII attempt
    /// (`verifyIdentity`): the document's name and date of birth are matched
    /// against the PII on file. Answers once the check ends, or with
    /// `documentVerificationStatus == .pending` when it takes longer: then
    /// call `checkIdentityVerification()` until it settles. A check a
    /// reviewer must decide stays `pending` with `documentCheck.status ==
    /// "review"`: that takes minutes or hours, so wait for the tenant's
    /// webhook (`document_check.completed`) rather than polling.
    public func verifyIdentityDocument(input: VerifyIdentityDocument) async throws -> VerifiedIdentity {
        try await call(IdentityEndpoint.verifyDocument, body: input.wire)
    }

    /// Verifies the user from a driver's licence or ID card alone (no PII
    /// attempt first): the name, address and date of birth read from it are
    /// verified against the environment's trusted data source.
    public func captureAndVerifyIdentityDocument(input: VerifyIdentityDocument) async throws -> VerifiedIdentity {
        try await call(IdentityEndpoint.captureAndVerifyDocument, body: input.wire)
    }

    /// A link to the capture page, where the user photographs their document
    /// (and a selfie when the environment asks) in a browser; it replaces any
    /// earlier link. Follow the outcome with `checkIdentityVerification()`.
    public func initiateIdentityDocumentCapture() async throws -> IdDocumentCaptureInitiationInfo {
        try await call(IdentityEndpoint.initiateDocumentCapture)
    }

    /// A challenge for the passport's chip to sign (Active Authentication,
    /// `docs/chip.md`): send its bytes to the chip in INTERNAL AUTHENTICATE,
    /// then the answer with the document (`ChipRead.activeAuthentication`).
    /// Single use, bound to this user, valid for five minutes.
    public func chipChallenge() async throws -> ChipChallenge {
        try await call(IdentityEndpoint.chipChallenge)
    }

    /// One call of `endpoint` with the user's token, tried again by `retries`.
    private func call<Body: Encodable, Answer: Decodable>(_ endpoint: Endpoint<Body, Answer>, query: [URLQueryItem] = [],
                                                          body: Body? = nil) async throws -> Answer {
        let credential = ServiceCredential.bearer(try await tokenProvider())
        return try await transport.call(endpoint, query: query, body: body, credential: credential, retries: retries)
    }

    private func faceImageRequired(flow: DocumentFlow, option: QueryOption) async throws -> Bool {
        if option == .cachedOrRemote, let known = await faceImageAnswers.answer(for: flow) { return known }
        let required = try await call(IdentityEndpoint.faceImageRequired,
                                      query: [URLQueryItem(name: "flow", value: flow.rawValue)]).faceImageRequired
        await faceImageAnswers.keep(required, for: flow)
        return required
    }

    /// The user's consent status, with the text they agreed to.
    public func getIdentityDataProcessingConsentStatus() async throws -> IdentityDataProcessingConsentStatus {
        try await call(IdentityEndpoint.consent)
    }

    /// The consent text closest to the preferred locale and content type; falls
    /// back to the same language, then to the environment's default.
    public func getIdentityDataProcessingConsentContent(
        input: IdentityDataProcessingConsentContentInput
    ) async throws -> IdentityDataProcessingConsentContent {
        try await call(IdentityEndpoint.consentContent, query: [
            URLQueryItem(name: "preferredContentType", value: input.preferredContentType),
            URLQueryItem(name: "preferredLocale", value: input.preferredLocale),
        ])
    }

    /// Records that the user agreed to `input`, exactly as it was served by
    /// ``getIdentityDataProcessingConsentContent(input:)``.
    public func provideIdentityDataProcessingConsent(
        input: IdentityDataProcessingConsentInput
    ) async throws -> IdentityDataProcessingConsentStatus {
        try await call(IdentityEndpoint.provideConsent, body: input)
    }

    /// Withdraws the user's consent. Earlier verification stays valid; new
    /// verification attempts need consent again where it is required.
    public func withdrawIdentityDataProcessingConsent() async throws -> IdentityDataProcessingConsentStatus {
        try await call(IdentityEndpoint.withdrawConsent)
    }
}

/// The last face-image answer per flow, for `QueryOption.cachedOrRemote`.
private actor FaceImageAnswers {
    private var answers: [DocumentFlow: Bool] = [:]

    func answer(for flow: DocumentFlow) -> Bool? { answers[flow] }
    func keep(_ required: Bool, for flow: DocumentFlow) { answers[flow] = required }
}
