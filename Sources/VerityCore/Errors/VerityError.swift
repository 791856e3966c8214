/// The one error type of the `/v1` and `/admin/v1` surfaces.
///
/// Clients compare errors by `code` only: adding a code or rewording a message
/// breaks nobody. Every case carries the HTTP status it is rendered with,
/// whether retrying the same request can succeed, and the offending field.
public struct VerityError: Error, Sendable, Equatable, CustomStringConvertible {
    public let code: Code
    public let message: String
    public let field: String?
    /// What the client should do about an `INVALID_TOKEN` (certification surface).
    public let resolution: TokenResolution?
    /// Every field at fault, when there are several (registration forms).
    public let problems: [FieldProblem]
    /// Seconds the client should wait before trying again (`Retry-After`):
    /// an overloaded server says how long.
    public var retryAfterSeconds: Int?

    public init(_ code: Code, _ message: String, field: String? = nil, resolution: TokenResolution? = nil,
                problems: [FieldProblem] = []) {
        self.code = code
        self.message = message
        self.field = field
        self.resolution = resolution
        self.problems = problems
    }

    public var httpStatus: Int { code.httpStatus }
    public var retryable: Bool { code.retryable }
    public var description: String { "\(code.rawValue): \(message)" }

    public static func == (lhs: VerityError, rhs: VerityError) -> Bool { lhs.code == rhs.code }

    /// A stable UPPER_SNAKE error code with its HTTP status and retry advice.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        public let rawValue: String
        public let httpStatus: Int
        public let retryable: Bool

        public var description: String { rawValue }
        public static func == (lhs: Code, rhs: Code) -> Bool { lhs.rawValue == rhs.rawValue }
        public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

        private init(_ rawValue: String, _ httpStatus: Int, retryable: Bool = false) {
            self.rawValue = rawValue
            self.httpStatus = httpStatus
            self.retryable = retryable
        }

        public static let invalidInput = Code("INVALID_INPUT", 400)
        public static let payloadTooLarge = Code("PAYLOAD_TOO_LARGE", 413)
        public static let unsupportedMediaType = Code("UNSUPPORTED_MEDIA_TYPE", 415)
        public static let invalidImage = Code("INVALID_IMAGE", 400)
        public static let imageTooLarge = Code("IMAGE_TOO_LARGE", 413)
        /// An image of a kind Verity does not take (HEIC, WebP, TIFF, an animated GIF), named in the message.
        public static let unsupportedImage = Code("UNSUPPORTED_IMAGE", 415)
        public static let unsupportedCountry = Code("UNSUPPORTED_COUNTRY", 400)
        public static let consentRequired = Code("CONSENT_REQUIRED", 403)
        public static let consentContentMismatch = Code("CONSENT_CONTENT_MISMATCH", 409)
        public static let consentContentNotFound = Code("CONSENT_CONTENT_NOT_FOUND", 404)
        public static let notAuthorized = Code("NOT_AUTHORIZED", 401)
        public static let invalidToken = Code("INVALID_TOKEN", 401)
        public static let invalidAPIKey = Code("INVALID_API_KEY", 401)
        public static let notFound = Code("NOT_FOUND", 404)
        public static let methodNotAllowed = Code("METHOD_NOT_ALLOWED", 405)
        public static let rateLimited = Code("RATE_LIMITED", 429, retryable: true)
        // Certification (the spec's error callbacks).
        public static let validationError = Code("VALIDATION_ERROR", 400)
        public static let deviceVerificationLimit = Code("DEVICE_VERIFICATION_LIMIT", 429, retryable: true)
        public static let expiredVerificationCode = Code("EXPIRED_VERIFICATION_CODE", 410)
        public static let userLocked = Code("USER_LOCKED", 423)
        public static let userAlreadyRegistered = Code("USER_ALREADY_REGISTERED", 409)
        /// The environment has an entity of that name (names are unique per environment).
        public static let entityExists = Code("ENTITY_EXISTS", 409)
        /// An operator signs in with this e-mail address already (addresses are unique across tenants).
        public static let operatorExists = Code("OPERATOR_EXISTS", 409)
        public static let userNotAccredited = Code("USER_NOT_ACCREDITED", 403)
        public static let deviceNotVerified = Code("DEVICE_NOT_VERIFIED", 403)
        // Document flows.
        /// A document check is already running for the user: wait for its outcome.
        public static let documentCheckPending = Code("DOCUMENT_CHECK_PENDING", 409)
        /// Document verification has ended (succeeded or failed): nothing more is accepted.
        public static let documentVerificationClosed = Code("DOCUMENT_VERIFICATION_CLOSED", 409)
        /// The capture link can no longer be used (expired, timed out, opened too often, or replaced).
        public static let captureLinkUnusable = Code("CAPTURE_LINK_UNUSABLE", 410)
        /// A capture page's picture is too dark, bright, flat, glared, blurred or cut off:
        /// `problems` names each image (`field`) and reason (`message`, an `UnreadableReason`).
        public static let imageQualityInsufficient = Code("IMAGE_QUALITY_INSUFFICIENT", 422)
        /// verifyIdentityDocument needs a PII attempt first (verifyIdentity): the document is matched against it.
        public static let piiVerificationRequired = Code("PII_VERIFICATION_REQUIRED", 409)
        // The mobile API (`/api/mobile/v1`), as its specification names them.
        /// A field the step needs is missing or empty.
        public static let missingRequiredField = Code("MISSING_REQUIRED_FIELD", 400)
        /// The session is at another step: `next_step` says which.
        public static let sessionWrongStep = Code("SESSION_WRONG_STEP", 409)
        /// The session expired (inactivity) or ended: start a new one.
        public static let sessionExpired = Code("SESSION_EXPIRED", 410)
        /// The publishable key is unknown, revoked, of the other environment, or not sent in a header.
        public static let invalidClientKey = Code("INVALID_CLIENT_KEY", 401)
        /// The environment has no credits left for this product.
        public static let creditsExhausted = Code("CREDITS_EXHAUSTED", 402)
        /// The key's scopes do not include this product.
        public static let scopeNotAuthorized = Code("SCOPE_NOT_AUTHORIZED", 403)
        /// A request with this `Idempotency-Key` is still running: retry shortly for its answer.
        public static let idempotencyKeyInUse = Code("IDEMPOTENCY_KEY_IN_USE", 409, retryable: true)
        /// This `Idempotency-Key` was used for a different request.
        public static let idempotencyKeyReused = Code("IDEMPOTENCY_KEY_REUSED", 422)
        /// The first request with this `Idempotency-Key` was done, but its
        /// server stopped before answering: it is not done again; read the result.
        public static let idempotencyAnswerLost = Code("IDEMPOTENCY_ANSWER_LOST", 409)
        /// An OCR request's sealed body did not open: tampered, or sealed under another key, purpose or session.
        public static let decryptionFailed = Code("DECRYPTION_FAILED", 400)
        /// An OCR side was already taken in this session: a request is used once.
        public static let requestReplayed = Code("REQUEST_REPLAYED", 409)
        /// The combination names a side this session has not taken (yet).
        public static let sideMissing = Code("SIDE_MISSING", 409)
        /// The image is the card's other side.
        public static let wrongSide = Code("WRONG_SIDE", 422)
        /// The environment has no response-signing key yet (`verity keys hmac`): results cannot be signed.
        public static let hmacKeyMissing = Code("HMAC_KEY_MISSING", 409)
        /// The webhook endpoint is disabled (by an operator, or after a day of failed deliveries): enable it first.
        public static let webhookEndpointDisabled = Code("WEBHOOK_ENDPOINT_DISABLED", 409)
        // The operator console.
        /// The e-mail address, password or second factor is wrong (which one is not said).
        public static let signInFailed = Code("SIGN_IN_FAILED", 401)
        /// Too many failed sign-ins: the account is locked for a while (`message` says until when).
        public static let operatorLocked = Code("OPERATOR_LOCKED", 423, retryable: true)
        /// The operator's role does not allow this.
        public static let roleNotAuthorized = Code("ROLE_NOT_AUTHORIZED", 403)
        /// This needs a live secret key (console operators, for one, see both environments).
        public static let liveKeyRequired = Code("LIVE_KEY_REQUIRED", 403)
        /// The form's CSRF token is missing or not this session's: reload the page.
        public static let csrfTokenInvalid = Code("CSRF_TOKEN_INVALID", 403)
        /// Another reviewer has claimed the case: it is theirs until they decide or their claim lapses.
        public static let caseClaimed = Code("CASE_CLAIMED", 409)
        /// The case is not claimed by this reviewer (never, or the claim lapsed): claim it again.
        public static let claimExpired = Code("CLAIM_EXPIRED", 409)
        /// The case was decided already; a decision is never made twice.
        public static let caseDecided = Code("CASE_DECIDED", 409)
        /// The settings were saved by someone else since this form was read: read them again.
        public static let settingsChanged = Code("SETTINGS_CHANGED", 409)
        public static let serviceUnavailable = Code("SERVICE_UNAVAILABLE", 503, retryable: true)
        /// The engine worker reading this image stopped (it crashed, or ran out
        /// of its memory or time) and was replaced; the server is fine. Once
        /// more may work; an image that fails every time cannot be read.
        public static let engineFailed = Code("ENGINE_FAILED", 503, retryable: true)
        public static let systemError = Code("SYSTEM_ERROR", 500, retryable: true)

        /// Every code, for documentation and for rendering unknown statuses.
        public static let all: [Code] = [
            invalidInput, payloadTooLarge, unsupportedMediaType, invalidImage, imageTooLarge, unsupportedImage, unsupportedCountry,
            consentRequired, consentContentMismatch, consentContentNotFound,
            notAuthorized, invalidToken, invalidAPIKey, notFound, methodNotAllowed,
            rateLimited, validationError, deviceVerificationLimit, expiredVerificationCode, userLocked,
            userAlreadyRegistered, entityExists, operatorExists, userNotAccredited, deviceNotVerified,
            documentCheckPending, documentVerificationClosed, captureLinkUnusable, imageQualityInsufficient, piiVerificationRequired,
            missingRequiredField, sessionWrongStep, sessionExpired, invalidClientKey, creditsExhausted, scopeNotAuthorized,
            idempotencyKeyInUse, idempotencyKeyReused, idempotencyAnswerLost, hmacKeyMissing, decryptionFailed, requestReplayed, sideMissing, wrongSide,
            webhookEndpointDisabled, signInFailed, operatorLocked, roleNotAuthorized, liveKeyRequired, csrfTokenInvalid,
            caseClaimed, claimExpired, caseDecided, settingsChanged,
            serviceUnavailable, engineFailed, systemError,
        ]
    }
}

extension VerityError {
    public static func invalid(_ field: String, _ message: String) -> VerityError {
        VerityError(.invalidInput, message, field: field)
    }

    /// The one overload answer: 503 `SERVICE_UNAVAILABLE` with `Retry-After`,
    /// wherever a request would otherwise wait too long (for a body slot, an
    /// engine, a database connection).
    public static func overloaded(_ message: String, retryAfter seconds: Int) -> VerityError {
        var error = VerityError(.serviceUnavailable, message)
        error.retryAfterSeconds = seconds
        return error
    }
}
