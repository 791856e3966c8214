import Crypto
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import VerityAPI

/// Reads an Egyptian national ID through the OCR service: opens a session
/// (X25519), sends each side sealed under its own key, combines, opens the
/// sealed result, and checks every HMAC (and, given the public key, every
/// Ed25519 signature) before mapping a raw response; a result that fails a
/// check is refused. Made with `DocumentReaderClient.Builder`.
public struct DocumentReaderClient: Sendable {
    /// Collects the configuration; `build()` never fails, a bad configuration
    /// answers `.builderError` before any request.
    public struct Builder: Sendable {
        var baseURL: URL?
        var token: String?
        var hmacKey: Data?
        var publicKey: Data?
        var session: URLSession?
        var requestTimeout: TimeInterval = 60
        var delegate: (any DocumentReaderDelegate)?

        public init() {}

        public func baseURL(_ url: URL) -> Builder { var copy = self; copy.baseURL = url; return copy }
        /// The end user's token (`POST /admin/v1/users/{userRef}/token`).
        public func userToken(_ token: String) -> Builder { var copy = self; copy.token = token; return copy }
        /// The environment's HMAC key (`verity keys hmac`), 32 bytes.
        public func hmacKey(_ key: Data) -> Builder { var copy = self; copy.hmacKey = key; return copy }
        /// Optionally, the environment's Ed25519 public key (32 bytes), checked too.
        public func signingPublicKey(_ key: Data) -> Builder { var copy = self; copy.publicKey = key; return copy }
        /// Requests through `session` instead of the platform's own way (see `IdentityVerificationClient.init`).
        public func urlSession(_ session: URLSession) -> Builder { var copy = self; copy.session = session; return copy }
        /// How long one request may take before it fails as a network error (60 s by default).
        public func requestTimeout(_ seconds: TimeInterval) -> Builder { var copy = self; copy.requestTimeout = seconds; return copy }
        public func delegate(_ delegate: any DocumentReaderDelegate) -> Builder { var copy = self; copy.delegate = delegate; return copy }

        public func build() -> DocumentReaderClient { DocumentReaderClient(builder: self) }

        /// The configuration, or the first thing wrong with it as the spec's builder error.
        func validated() -> Result<Configuration, BuilderProblem> {
            guard let baseURL else { return .failure(.init("MISSING_BASE_URL", "set the service's base URL with baseURL(_:)")) }
            guard ["http", "https"].contains(baseURL.scheme ?? ""), baseURL.host != nil else {
                return .failure(.init("INVALID_BASE_URL", "the base URL must be http or https with a host"))
            }
            guard let token, !token.isEmpty else { return .failure(.init("MISSING_USER_TOKEN", "set the end user's token with userToken(_:)")) }
            guard let hmacKey else {
                return .failure(.init("MISSING_HMAC_KEY", "set the environment's HMAC key with hmacKey(_:): every answer is checked"))
            }
            guard hmacKey.count == 32 else {
                return .failure(.init("INVALID_HMAC_KEY", "the HMAC key is 32 bytes (verity keys hmac prints it in base64)"))
            }
            if let publicKey, publicKey.count != 32 { return .failure(.init("INVALID_PUBLIC_KEY", "the Ed25519 public key is 32 bytes")) }
            guard requestTimeout > 0, requestTimeout.isFinite else {
                return .failure(.init("INVALID_REQUEST_TIMEOUT", "the request timeout is a positive number of seconds"))
            }
            return .success(Configuration(baseURL: baseURL, token: token, hmacKey: hmacKey, publicKey: publicKey, session: session,
                                          requestTimeout: requestTimeout))
        }
    }

    /// A builder's settings once checked: nothing optional left to unwrap.
    struct Configuration: Sendable {
        let baseURL: URL
        let token: String
        let hmacKey: Data
        let publicKey: Data?
        let session: URLSession?
        let requestTimeout: TimeInterval
    }

    struct BuilderProblem: Error {
        let code: String
        let message: String
        init(_ code: String, _ message: String) { self.code = code; self.message = message }
    }

    let builder: Builder
    let logs: DocumentReaderLogs
    let exitRequest = ExitRequest()

    init(builder: Builder) {
        self.builder = builder
        logs = DocumentReaderLogs(delegate: builder.delegate)
    }

    /// Starts the read and delivers every case to the delegate's
    /// `onOCRResult(result:)`, as the specification's apps receive them
    /// (`.capturedImages` for each side, then one final case). The same
    /// cases come through `read(front:back:)` for code that prefers a stream.
    public func start(front: Data, back: Data) {
        Task { for await _ in read(front: front, back: back) {} }
    }

    /// The user left the flow (closed the screen): the read sends nothing more
    /// and ends with `.userExit(step, result)`, the step it was in and what it
    /// had so far. A request already on its way is let finish rather than
    /// cancelled, so the server is never left with half a request.
    public func exit() { exitRequest.set() }

    /// Every event and error as it happens (also sent to the delegate).
    public var events: AsyncStream<DocumentReaderLog> { logs.stream }

    /// The read, as it happens: `.capturedImages` for each side the service
    /// accepts, then one final case; each also goes to the delegate.
    public func read(front: Data, back: Data) -> AsyncStream<VIDVOCRResponse> {
        AsyncStream { continuation in
            let task = Task {
                let deliver = { (response: VIDVOCRResponse) in
                    continuation.yield(response)
                    logs.deliver(response)
                }
                deliver(await run(front: front, back: back, captured: deliver))
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// Only the final case of `read(front:back:)`.
    public func result(front: Data, back: Data) async -> VIDVOCRResponse {
        var last = VIDVOCRResponse.userExit(step: "session", data: nil)
        for await response in read(front: front, back: back) { last = response }
        return last
    }

    func run(front: Data, back: Data, captured: (VIDVOCRResponse) -> Void) async -> VIDVOCRResponse {
        let configuration: Configuration
        switch builder.validated() {
        case .success(let checked): configuration = checked
        case .failure(let problem):
            logs.error(1, problem.message, screen: "builder", type: "configuration", session: nil)
            return .builderError(code: problem.code, message: problem.message)
        }
        var result: VIDVOCRResult?
        var step = "session"
        do {
            let key = Curve25519.KeyAgreement.PrivateKey()
            let session: OCRSessionInfo = try await post(OCREndpoint.open, configuration, OCRSessionRequest(clientPublicKey: key.publicKey.rawRepresentation.base64EncodedString()))
            guard let serverKey = Data(base64Encoded: session.serverPublicKey) else { throw Failure.unreadable("the server's key") }
            let keys = try SessionKeys(try OCRTransport.keys(privateKey: key, peerPublicKey: serverKey, sessionID: session.sessionID))
            var read = VIDVOCRResult(sessionID: session.sessionID, hmacDataList: [], decryptionKeys: keys.decryptionKeys)
            result = read
            logs.event("session_opened", screen: "session", type: "network", session: session.sessionID, payload: "")

            var transactions: [String] = []
            for (side, image) in [(DocumentSide.front, front), (.back, back)] {
                step = side.rawValue
                try checkExit()
                let purpose: OCRTransport.Purpose = side == .front ? .frontRequest : .backRequest
                let sealed = try OCRTransport.seal(try JSONEncoder().encode(OCRSidePayload(image: image.base64EncodedString())),
                                                   key: keys.key(purpose), purpose: purpose, sessionID: session.sessionID)
                let accepted: OCRSideAccepted = try await post(OCREndpoint.side(side), configuration,
                                                               OCRSideRequest(sessionID: session.sessionID, sealedRequest: sealed))
                try check(accepted.hmacDataList, configuration)
                read.hmacDataList += accepted.hmacDataList
                result = read
                transactions.append(accepted.transactionId)
                logs.event("\(side.rawValue)_accepted", screen: side.rawValue, type: "network", session: session.sessionID, payload: accepted.transactionId)
                captured(.capturedImages(capturedImageData: CapturedImageData(
                    nationalIDLabel: side == .front ? "nationalIdFront" : "nationalIdBack", nationalIdImage: image.base64EncodedString())))
            }

            step = "combine"
            try checkExit()
            let combined: OCRCombineResponse = try await post(OCREndpoint.combine, configuration, OCRCombineRequest(
                sessionID: session.sessionID, transactionIdFront: transactions[0], transactionIdBack: transactions[1]))
            guard let opened = OCRTransport.open(combined.sealedResponse, key: keys.key(.combineResponse), purpose: .combineResponse,
                                                 sessionID: session.sessionID) else {
                throw Failure.refused("DECRYPTION_FAILED", "the combined answer did not open with this session's key")
            }
            guard let body = try? JSONDecoder().decode(VIDVOCRResultBody.self, from: opened) else { throw Failure.unreadable("the combined answer") }
            try check(body.hmacDataList, configuration)
            // The signed raw answer is what is mapped, never the fields beside it.
            guard let signed = body.hmacDataList.first(where: { $0.serviceID == "ocr" }),
                  let raw = try? JSONDecoder().decode(RawCombination.self, from: Data(signed.rawResponse.utf8)),
                  raw.sessionID == session.sessionID else {
                throw Failure.refused("SIGNATURE_MISMATCH", "the combined answer carries no signed ocr response for this session")
            }
            read.ocrResult = raw.ocrResult
            read.documentVerificationResult = raw.documentVerificationResult
            read.captures = body.captures
            read.hmacDataList += body.hmacDataList
            result = read
            logs.event("combined", screen: "combine", type: "result", session: session.sessionID, payload: raw.ocrResult.combinationID)
            // Read, but short of the service's requirements: the specification's service failure, with the data.
            if let shortfall = Self.shortfall(raw) {
                logs.error(6, shortfall, screen: "combine", type: "result", session: session.sessionID)
                return .serviceFailure(code: Self.verificationFailed, message: shortfall, data: read)
            }
            return .success(read)
        } catch is CancellationError {
            logs.event("user_exit", screen: step, type: "user", session: result?.sessionID, payload: "")
            return .userExit(step: step, data: result)
        } catch let failure as Failure {
            let (code, message) = failure.described
            logs.error(failure.logCode, message, screen: step, type: "service", session: result?.sessionID)
            return .serviceFailure(code: code, message: message, data: result)
        } catch {
            logs.error(9, "the read failed", screen: step, type: "service", session: result?.sessionID)
            return .serviceFailure(code: "SYSTEM_ERROR", message: "the read failed", data: result)
        }
    }

    private func checkExit() throws {
        if Task.isCancelled || exitRequest.isSet { throw CancellationError() }
    }

    /// `.serviceFailure`'s code for a card read whose `documentVerificationResult.success` is false.
    public static let verificationFailed = "DOCUMENT_VERIFICATION_FAILED"

    /// Why a completed read falls short of the service's requirements (nil: it does not).
    static func shortfall(_ raw: RawCombination) -> String? {
        guard !raw.documentVerificationResult.success else { return nil }
        let flags = raw.ocrResult.documentVerificationPlus
        var reasons: [String] = []
        if !flags.frontDataValidity || !flags.backDataValidity { reasons.append("a side failed its checks") }
        if flags.isFrontGreyscale || flags.isBackGreyscale { reasons.append("a black-and-white copy") }
        if flags.expired { reasons.append("the card has expired") }
        if let review = flags.reviewRequired, !review.isEmpty { reasons.append("fields to review: \(review.joined(separator: ", "))") }
        if let fraud = raw.ocrResult.advancedConfidence, (fraud.fraudDetectionZone ?? 0) >= 2 || (fraud.anomalyDetectionZone ?? 0) >= 2 {
            reasons.append("signs of tampering")
        }
        return "the card was read but did not pass the service's requirements: "
            + (reasons.isEmpty ? "see documentVerificationPlus" : reasons.joined(separator: "; "))
    }

    /// Every signature must check: HMAC always, Ed25519 when the public key was given.
    func check(_ list: [HMACData], _ configuration: Configuration) throws {
        guard !list.isEmpty else { throw Failure.refused("SIGNATURE_MISMATCH", "the answer is not signed") }
        for data in list {
            guard SignedResponseCheck.hmacIsValid(data, key: configuration.hmacKey) else {
                throw Failure.refused("HMAC_MISMATCH", "an answer's HMAC did not check: it was not made with this environment's key, or was changed")
            }
            if let publicKey = configuration.publicKey, !SignedResponseCheck.signatureIsValid(data, publicKey: publicKey) {
                throw Failure.refused("SIGNATURE_MISMATCH", "an answer's Ed25519 signature did not check")
            }
        }
    }

    /// One call, tried once, as before endpoints: a reading's failure reaches
    /// the app at once, which decides whether to read the card again.
    func post<Body: Encodable, Answer: Decodable>(_ endpoint: Endpoint<Body, Answer>, _ configuration: Configuration,
                                                  _ body: Body) async throws -> Answer {
        try await ServiceTransport<Failure>(baseURL: configuration.baseURL, session: configuration.session,
                                           requestTimeout: configuration.requestTimeout)
            .call(endpoint, body: body, credential: .bearer(configuration.token), retries: .never)
    }

    /// The session's three keys, each known to be there.
    struct SessionKeys {
        let front: SymmetricKey, back: SymmetricKey, combine: SymmetricKey

        init(_ keys: [OCRTransport.Purpose: SymmetricKey]) throws {
            guard let front = keys[.frontRequest], let back = keys[.backRequest], let combine = keys[.combineResponse] else {
                throw Failure.refused("DECRYPTION_FAILED", "the session's keys could not be derived")
            }
            self.front = front
            self.back = back
            self.combine = combine
        }

        func key(_ purpose: OCRTransport.Purpose) -> SymmetricKey {
            switch purpose {
            case .frontRequest: front
            case .backRequest: back
            case .combineResponse: combine
            }
        }

        var decryptionKeys: OCRDecryptionKeys {
            let bytes = { (key: SymmetricKey) in key.withUnsafeBytes { Array($0) } }
            return OCRDecryptionKeys(nationalIdFrontRequestKey: bytes(front), nationalIdBackRequestKey: bytes(back),
                                     combineResponseKey: bytes(combine))
        }
    }

    /// The signed raw answer of a combination.
    struct RawCombination: Decodable {
        let sessionID: String
        let ocrResult: OCRResult
        let documentVerificationResult: DocumentVerificationResult
    }

    enum Failure: ServiceError {
        case refused(String, String)
        case unreadable(String)

        /// The service's failure by its code (`NETWORK_ERROR`, `WRONG_SIDE`, …), as the reader reports it.
        init(_ failure: ServiceFailure) { self = .refused(failure.code, failure.message) }

        var described: (String, String) {
            switch self {
            case .refused(let code, let message): (code, message)
            case .unreadable(let what): ("INVALID_RESPONSE", "\(what) could not be read")
            }
        }

        /// `VIDVError.code`: 2 network, 3 refused by the service, 4 a signature, 5 unreadable.
        var logCode: Int16 {
            switch self {
            case .refused(let code, _) where code.hasSuffix("MISMATCH") || code == "DECRYPTION_FAILED": 4
            case .refused(ServiceFailure.ClientCode.unreachable.rawValue, _): 2
            case .refused(ServiceFailure.ClientCode.unreadable.rawValue, _): 5
            case .refused: 3
            case .unreadable: 5
            }
        }
    }
}

/// The reader's logs, to the delegate and to every `events` stream.
final class DocumentReaderLogs: @unchecked Sendable {
    private let lock = NSLock()
    private weak var delegate: (any DocumentReaderDelegate)?
    private var continuations: [UUID: AsyncStream<DocumentReaderLog>.Continuation] = [:]

    init(delegate: (any DocumentReaderDelegate)?) {
        self.delegate = delegate
    }

    var stream: AsyncStream<DocumentReaderLog> {
        AsyncStream { continuation in
            let id = UUID()
            lock.withLock { continuations[id] = continuation }
            continuation.onTermination = { [weak self] _ in self?.lock.withLock { _ = self?.continuations.removeValue(forKey: id) } }
        }
    }

    func event(_ key: String, screen: String, type: String, session: String?, payload: String) {
        let now = Date()
        let event = VIDVEvent(key: key, screen: screen, type: type, sessionId: session, payload: payload,
                              timestamp: Int64(now.timeIntervalSince1970 * 1000), date: now)
        delegate?.documentReader(didLog: event)
        publish(.event(event))
    }

    func error(_ code: Int16, _ message: String, screen: String, type: String, session: String?) {
        let now = Date()
        let error = VIDVError(code: code, message: message, screen: screen, type: type, sessionId: session,
                              timestamp: Int64(now.timeIntervalSince1970 * 1000), date: now)
        delegate?.documentReader(didFail: error)
        publish(.error(error))
    }

    /// A case of the read, to the delegate's `onOCRResult(result:)`.
    func deliver(_ response: VIDVOCRResponse) {
        delegate?.onOCRResult(result: response)
    }

    private func publish(_ log: DocumentReaderLog) {
        for continuation in lock.withLock({ Array(continuations.values) }) { continuation.yield(log) }
    }
}

/// Set once by `DocumentReaderClient.exit()`, read between requests.
final class ExitRequest: @unchecked Sendable {
    private let lock = NSLock()
    private var requested = false

    func set() { lock.lock(); requested = true; lock.unlock() }
    var isSet: Bool { lock.lock(); defer { lock.unlock() }; return requested }
}
