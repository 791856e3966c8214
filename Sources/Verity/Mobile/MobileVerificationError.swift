import Foundation

/// An error of the mobile API, by its stable code.
public struct MobileVerificationError: Error, Sendable, Equatable, CustomStringConvertible {
    public struct Code: RawRepresentable, Sendable, Hashable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        public static let missingRequiredField = Code(rawValue: "MISSING_REQUIRED_FIELD")
        public static let invalidImage = Code(rawValue: "INVALID_IMAGE")
        public static let invalidInput = Code(rawValue: "INVALID_INPUT")
        public static let sessionWrongStep = Code(rawValue: "SESSION_WRONG_STEP")
        public static let sessionExpired = Code(rawValue: "SESSION_EXPIRED")
        public static let invalidClientKey = Code(rawValue: "INVALID_CLIENT_KEY")
        public static let creditsExhausted = Code(rawValue: "CREDITS_EXHAUSTED")
        public static let scopeNotAuthorized = Code(rawValue: "SCOPE_NOT_AUTHORIZED")
        public static let rateLimited = Code(rawValue: "RATE_LIMITED")
        public static let idempotencyKeyInUse = Code(rawValue: "IDEMPOTENCY_KEY_IN_USE")
        public static let idempotencyKeyReused = Code(rawValue: "IDEMPOTENCY_KEY_REUSED")
        public static let notFound = Code(rawValue: "NOT_FOUND")
        public static let systemError = Code(rawValue: "SYSTEM_ERROR")
        public static let serviceUnavailable = Code(rawValue: "SERVICE_UNAVAILABLE")
        /// The service could not be reached (SDK-side).
        public static let networkError = Code(rawValue: "NETWORK_ERROR")
        /// The service answered something the SDK cannot read (SDK-side).
        public static let invalidResponse = Code(rawValue: "INVALID_RESPONSE")
    }

    public let code: Code
    public let message: String
    public let field: String?
    /// Whether the same request may succeed later (the client already retried with backoff).
    public let retryable: Bool
    public let httpStatus: Int?
    /// Seconds the service asked to wait (`Retry-After`).
    public let retryAfterSeconds: Int?
    public let sessionID: String?

    public init(code: Code, message: String, field: String? = nil, retryable: Bool = false, httpStatus: Int? = nil,
                retryAfterSeconds: Int? = nil, sessionID: String? = nil) {
        self.code = code
        self.message = message
        self.field = field
        self.retryable = retryable
        self.httpStatus = httpStatus
        self.retryAfterSeconds = retryAfterSeconds
        self.sessionID = sessionID
    }

    public var description: String { "\(code.rawValue): \(message)" }

    public static func == (lhs: MobileVerificationError, rhs: MobileVerificationError) -> Bool { lhs.code == rhs.code }
}
