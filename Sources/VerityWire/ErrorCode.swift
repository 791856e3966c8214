/// A stable UPPER_SNAKE error code of the wire, with the HTTP status it is
/// rendered with and whether retrying the same request can succeed. Clients
/// compare errors by code only: adding a code or rewording a message breaks
/// nobody. The server throws `VerityError` (VerityCore) with one of these.
public struct ErrorCode: Sendable, Hashable, CustomStringConvertible {
    public let rawValue: String
    public let httpStatus: Int
    public let retryable: Bool

    public var description: String { rawValue }
    public static func == (lhs: ErrorCode, rhs: ErrorCode) -> Bool { lhs.rawValue == rhs.rawValue }
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

    private init(_ rawValue: String, _ httpStatus: Int, retryable: Bool = false) {
        self.rawValue = rawValue
        self.httpStatus = httpStatus
        self.retryable = retryable
    }

    public static let invalidInput = ErrorCode("INVALID_INPUT", 400)
    public static let payloadTooLarge = ErrorCode("PAYLOAD_TOO_LARGE", 413)
    public static let unsupportedMediaType = ErrorCode("UNSUPPORTED_MEDIA_TYPE", 415)
    public static let invalidImage = ErrorCode("INVALID_IMAGE", 400)
    public static let imageTooLarge = ErrorCode("IMAGE_TOO_LARGE", 413)
    /// An image of a kind Verity does not take (HEIC, WebP, TIFF, an animated GIF), named in the message.
    public static let unsupportedImage = ErrorCode("UNSUPPORTED_IMAGE", 415)
    public static let unsupportedCountry = ErrorCode("UNSUPPORTED_COUNTRY", 400)
    public static let consentRequired = ErrorCode("CONSENT_REQUIRED", 403)
    public static let consentContentMismatch = ErrorCode("CONSENT_CONTENT_MISMATCH", 409)
    public static let consentContentNotFound = ErrorCode("CONSENT_CONTENT_NOT_FOUND", 404)
    public static let notAuthorized = ErrorCode("NOT_AUTHORIZED", 401)
    public static let invalidToken = ErrorCode("INVALID_TOKEN", 401)
    public static let invalidAPIKey = ErrorCode("INVALID_API_KEY", 401)
    public static let notFound = ErrorCode("NOT_FOUND", 404)
    public static let methodNotAllowed = ErrorCode("METHOD_NOT_ALLOWED", 405)
    public static let rateLimited = ErrorCode("RATE_LIMITED", 429, retryable: true)
    // Certification (the spec's error callbacks).
    public static let validationError = ErrorCode("VALIDATION_ERROR", 400)
    public static let deviceVerificationLimit = ErrorCode("DEVICE_VERIFICATION_LIMIT", 429, retryable: true)
    public static let expiredVerificationCode = ErrorCode("EXPIRED_VERIFICATION_CODE", 410)
    public static let userLocked = ErrorCode("USER_LOCKED", 423)
    public static let userAlreadyRegistered = ErrorCode("USER_ALREADY_REGISTERED", 409)
    /// The environment has an entity of that name (names are unique per environment).
    public static let entityExists = ErrorCode("ENTITY_EXISTS", 409)
    /// An operator signs in with this e-mail address already (addresses are unique across tenants).
    public static let operatorExists = ErrorCode("OPERATOR_EXISTS", 409)
    public static let userNotAccredited = ErrorCode("USER_NOT_ACCREDITED", 403)
    public static let deviceNotVerified = ErrorCode("DEVICE_NOT_VERIFIED", 403)
    // Document flows.
    /// A document check is already running for the user: wait for its outcome.
    public static let documentCheckPending = ErrorCode("DOCUMENT_CHECK_PENDING", 409)
    /// Document verification has ended (succeeded or failed): nothing more is accepted.
    public static let documentVerificationClosed = ErrorCode("DOCUMENT_VERIFICATION_CLOSED", 409)
    /// The capture link can no longer be used (expired, timed out, opened too often, or replaced).
    public static let captureLinkUnusable = ErrorCode("CAPTURE_LINK_UNUSABLE", 410)
    /// A capture page's picture is too dark, bright, flat, glared, blurred or cut off:
    /// `problems` names each image (`field`) and reason (`message`, an `UnreadableReason`).
    public static let imageQualityInsufficient = ErrorCode("IMAGE_QUALITY_INSUFFICIENT", 422)
    /// verifyIdentityDocument needs a PII attempt first (verifyIdentity): the document is matched against it.
    public static let piiVerificationRequired = ErrorCode("PII_VERIFICATION_REQUIRED", 409)
    // The mobile API (`/api/mobile/v1`), as its specification names them.
    /// A field the step needs is missing or empty.
    public static let missingRequiredField = ErrorCode("MISSING_REQUIRED_FIELD", 400)
    /// The session is at another step: `next_step` says which.
    public static let sessionWrongStep = ErrorCode("SESSION_WRONG_STEP", 409)
    /// The session expired (inactivity) or ended: start a new one.
    public static let sessionExpired = ErrorCode("SESSION_EXPIRED", 410)
    /// The publishable key is unknown, revoked, of the other environment, or not sent in a header.
    public static let invalidClientKey = ErrorCode("INVALID_CLIENT_KEY", 401)
    /// The environment has no credits left for this product.
    public static let creditsExhausted = ErrorCode("CREDITS_EXHAUSTED", 402)
    /// The key's scopes do not include this product.
    public static let scopeNotAuthorized = ErrorCode("SCOPE_NOT_AUTHORIZED", 403)
    /// A request with this `Idempotency-Key` is still running: retry shortly for its answer.
    public static let idempotencyKeyInUse = ErrorCode("IDEMPOTENCY_KEY_IN_USE", 409, retryable: true)
    /// This `Idempotency-Key` was used for a different request.
    public static let idempotencyKeyReused = ErrorCode("IDEMPOTENCY_KEY_REUSED", 422)
    /// The first request with this `Idempotency-Key` was done, but its
    /// server stopped before answering: it is not done again; read the result.
    public static let idempotencyAnswerLost = ErrorCode("IDEMPOTENCY_ANSWER_LOST", 409)
    /// An OCR request's sealed body did not open: tampered, or sealed under another key, purpose or session.
    public static let decryptionFailed = ErrorCode("DECRYPTION_FAILED", 400)
    /// An OCR side was already taken in this session: a request is used once.
    public static let requestReplayed = ErrorCode("REQUEST_REPLAYED", 409)
    /// The combination names a side this session has not taken (yet).
    public static let sideMissing = ErrorCode("SIDE_MISSING", 409)
    /// The image is the card's other side.
    public static let wrongSide = ErrorCode("WRONG_SIDE", 422)
    /// The environment has no response-signing key yet (`verity keys hmac`): results cannot be signed.
    public static let hmacKeyMissing = ErrorCode("HMAC_KEY_MISSING", 409)
    /// The webhook endpoint is disabled (by an operator, or after a day of failed deliveries): enable it first.
    public static let webhookEndpointDisabled = ErrorCode("WEBHOOK_ENDPOINT_DISABLED", 409)
    // The operator console.
    /// The e-mail address, password or second factor is wrong (which one is not said).
    public static let signInFailed = ErrorCode("SIGN_IN_FAILED", 401)
    /// Too many failed sign-ins: the account is locked for a while (`message` says until when).
    public static let operatorLocked = ErrorCode("OPERATOR_LOCKED", 423, retryable: true)
    /// The operator's role does not allow this.
    public static let roleNotAuthorized = ErrorCode("ROLE_NOT_AUTHORIZED", 403)
    /// A console change this sensitive (keys, operators, settings) needs the
    /// operator's password, and code where they have a second factor, given
    /// again within the last few minutes.
    public static let reauthenticationRequired = ErrorCode("REAUTHENTICATION_REQUIRED", 403)
    /// This needs a live secret key (console operators, for one, see both environments).
    public static let liveKeyRequired = ErrorCode("LIVE_KEY_REQUIRED", 403)
    /// The form's CSRF token is missing or not this session's: reload the page.
    public static let csrfTokenInvalid = ErrorCode("CSRF_TOKEN_INVALID", 403)
    /// Another reviewer has claimed the case: it is theirs until they decide or their claim lapses.
    public static let caseClaimed = ErrorCode("CASE_CLAIMED", 409)
    /// The case is not claimed by this reviewer (never, or the claim lapsed): claim it again.
    public static let claimExpired = ErrorCode("CLAIM_EXPIRED", 409)
    /// The case was decided already; a decision is never made twice.
    public static let caseDecided = ErrorCode("CASE_DECIDED", 409)
    /// The settings were saved by someone else since this form was read: read them again.
    public static let settingsChanged = ErrorCode("SETTINGS_CHANGED", 409)
    // ePassport chips.
    /// The environment requires a passport's chip (`documents.chipRequiredForPassports`) and none was sent.
    public static let chipRequired = ErrorCode("CHIP_REQUIRED", 400)
    /// The Active Authentication challenge is unknown, another user's or session's, used already, or expired: ask for a new one.
    public static let chipChallengeInvalid = ErrorCode("CHIP_CHALLENGE_INVALID", 400)
    public static let serviceUnavailable = ErrorCode("SERVICE_UNAVAILABLE", 503, retryable: true)
    /// The request's body stalled or came slower than the server's minimum
    /// rate, and the connection was closed; sending it again may work.
    public static let requestTimeout = ErrorCode("REQUEST_TIMEOUT", 408, retryable: true)
    /// The engine worker reading this image stopped (it crashed, or ran out
    /// of its memory or time) and was replaced; the server is fine. Once
    /// more may work; an image that fails every time cannot be read.
    public static let engineFailed = ErrorCode("ENGINE_FAILED", 503, retryable: true)
    public static let systemError = ErrorCode("SYSTEM_ERROR", 500, retryable: true)

    /// Every code, for documentation and for rendering unknown statuses.
    public static let all: [ErrorCode] = [
        invalidInput, payloadTooLarge, unsupportedMediaType, invalidImage, imageTooLarge, unsupportedImage, unsupportedCountry,
        consentRequired, consentContentMismatch, consentContentNotFound,
        notAuthorized, invalidToken, invalidAPIKey, notFound, methodNotAllowed,
        rateLimited, validationError, deviceVerificationLimit, expiredVerificationCode, userLocked,
        userAlreadyRegistered, entityExists, operatorExists, userNotAccredited, deviceNotVerified,
        documentCheckPending, documentVerificationClosed, captureLinkUnusable, imageQualityInsufficient, piiVerificationRequired,
        missingRequiredField, sessionWrongStep, sessionExpired, invalidClientKey, creditsExhausted, scopeNotAuthorized,
        idempotencyKeyInUse, idempotencyKeyReused, idempotencyAnswerLost, hmacKeyMissing, decryptionFailed, requestReplayed, sideMissing, wrongSide,
        webhookEndpointDisabled, signInFailed, operatorLocked, roleNotAuthorized, reauthenticationRequired, liveKeyRequired, csrfTokenInvalid,
        caseClaimed, claimExpired, caseDecided, settingsChanged, chipRequired, chipChallengeInvalid,
        serviceUnavailable, requestTimeout, engineFailed, systemError,
    ]
}
