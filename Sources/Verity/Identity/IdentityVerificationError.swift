import VerityWire

/// An error from the identity verification service or from reaching it.
///
/// Compare errors by ``code``: two errors are equal when their codes are, so
/// `error == .consentRequired` works whatever the message says, and a code the
/// SDK does not know yet still arrives intact in ``code``.
///
/// ```swift
/// do { _ = try await client.verifyIdentity(input: input) }
/// catch let error as IdentityVerificationError where error == .consentRequired { … }
/// catch let error as IdentityVerificationError where error.code == .invalidInput { print(error.field ?? "") }
/// ```
public struct IdentityVerificationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The stable code, e.g. ``Code/consentRequired``.
    public let code: Code
    /// A human-readable explanation; may change between versions.
    public let message: String
    /// The input field at fault, for ``Code/invalidInput`` and similar.
    public let field: String?
    /// Whether the same call may succeed if tried again later.
    public let retryable: Bool
    /// The HTTP status the service answered with; 0 when it was not reached.
    public let httpStatus: Int

    /// Creates an error; the SDK makes these from service responses.
    public init(code: Code, message: String, field: String? = nil, retryable: Bool = false, httpStatus: Int = 0) {
        self.code = code
        self.message = message
        self.field = field
        self.retryable = retryable
        self.httpStatus = httpStatus
    }

    /// The code, the field at fault and the message, for logs and debugging.
    public var description: String { "\(code.rawValue)" + (field.map { " (\($0))" } ?? "") + ": \(message)" }

    /// Equal when the codes are equal, whatever the messages say.
    public static func == (lhs: IdentityVerificationError, rhs: IdentityVerificationError) -> Bool { lhs.code == rhs.code }

    /// A stable error code. Known codes have static members; unknown ones keep their text.
    public struct Code: RawRepresentable, Hashable, Sendable, ServiceErrorCode {
        /// The UPPER_SNAKE code as the service sends it.
        public let rawValue: String
        /// Wraps a code string.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// Consent must be given before verification in this environment.
        public static let consentRequired = Code(ErrorCode.consentRequired)
        /// The consent content given is not the current consent text.
        public static let consentContentMismatch = Code(ErrorCode.consentContentMismatch)
        /// No consent text has been published.
        public static let consentContentNotFound = Code(ErrorCode.consentContentNotFound)
        /// A field is missing, empty, too long or malformed: see ``IdentityVerificationError/field``.
        public static let invalidInput = Code(ErrorCode.invalidInput)
        /// The country is not in ``IdentityVerificationClient/listSupportedCountries()``.
        public static let unsupportedCountry = Code(ErrorCode.unsupportedCountry)
        /// No credential was sent.
        public static let notAuthorized = Code(ErrorCode.notAuthorized)
        /// The token is malformed, expired or revoked: get a new one from your backend.
        public static let invalidToken = Code(ErrorCode.invalidToken)
        /// The resource does not exist.
        public static let notFound = Code(ErrorCode.notFound)
        /// The request body is too large.
        public static let payloadTooLarge = Code(ErrorCode.payloadTooLarge)
        /// Too many requests; try again later.
        public static let rateLimited = Code(ErrorCode.rateLimited)
        /// An image is not base64, not a JPEG or PNG, or malformed: see ``IdentityVerificationError/field``.
        public static let invalidImage = Code(ErrorCode.invalidImage)
        /// An image is over 5 MB, or declares more pixels than a document photo has.
        public static let imageTooLarge = Code(ErrorCode.imageTooLarge)
        /// An image of a kind not accepted (HEIC, WebP, TIFF, an animated GIF): send a JPEG or PNG still.
        public static let unsupportedImage = Code(ErrorCode.unsupportedImage)
        /// `verifyIdentityDocument` before any `verifyIdentity` attempt: the document is matched against the PII.
        public static let piiVerificationRequired = Code(ErrorCode.piiVerificationRequired)
        /// A document check is running for the user: wait for it (`checkIdentityVerification`).
        public static let documentCheckPending = Code(ErrorCode.documentCheckPending)
        /// Document verification has ended (succeeded or failed).
        public static let documentVerificationClosed = Code(ErrorCode.documentVerificationClosed)
        /// The capture link expired, timed out, was opened too often or replaced.
        public static let captureLinkUnusable = Code(ErrorCode.captureLinkUnusable)
        /// The environment requires a passport's chip: read it (NFC) and send it as ``VerifyIdentityDocument/chip``.
        public static let chipRequired = Code(ErrorCode.chipRequired)
        /// The chip's challenge is unknown, another user's, used or expired: get a new one (``IdentityVerificationClient/chipChallenge()``).
        public static let chipChallengeInvalid = Code(ErrorCode.chipChallengeInvalid)
        /// The service or its data source is unavailable; try again later.
        public static let serviceUnavailable = Code(ErrorCode.serviceUnavailable)
        /// The service failed; try again later.
        public static let systemError = Code(ErrorCode.systemError)
        /// The service could not be reached (SDK-side).
        public static let networkError = Code(ServiceFailure.ClientCode.unreachable)
        /// The service answered with something the SDK cannot read (SDK-side).
        public static let invalidResponse = Code(ServiceFailure.ClientCode.unreadable)
    }

    /// The service requires consent first.
    public static let consentRequired = IdentityVerificationError(code: .consentRequired, message: "consent required")
    /// The credential was missing or rejected.
    public static let notAuthorized = IdentityVerificationError(code: .notAuthorized, message: "not authorized")
    /// The token was rejected.
    public static let invalidToken = IdentityVerificationError(code: .invalidToken, message: "invalid token")
    /// The service is unavailable.
    public static let serviceUnavailable = IdentityVerificationError(code: .serviceUnavailable, message: "service unavailable")
    /// The input was invalid in `field`.
    public static func invalidInput(_ field: String?) -> IdentityVerificationError {
        IdentityVerificationError(code: .invalidInput, message: "invalid input", field: field)
    }
}

extension IdentityVerificationError: ServiceError {
    init(_ failure: ServiceFailure) {
        self.init(code: .init(rawValue: failure.code), message: failure.message, field: failure.field, retryable: failure.retryable,
                  httpStatus: failure.httpStatus)
    }
}
