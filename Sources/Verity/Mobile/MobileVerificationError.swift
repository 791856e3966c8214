import Foundation
import VerityWire

/// An error of the mobile API, by its stable code.
public struct MobileVerificationError: Error, Sendable, Equatable, CustomStringConvertible {
    public struct Code: RawRepresentable, Sendable, Hashable, ServiceErrorCode {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        public static let missingRequiredField = Code(ErrorCode.missingRequiredField)
        public static let invalidImage = Code(ErrorCode.invalidImage)
        public static let invalidInput = Code(ErrorCode.invalidInput)
        public static let sessionWrongStep = Code(ErrorCode.sessionWrongStep)
        public static let sessionExpired = Code(ErrorCode.sessionExpired)
        public static let invalidClientKey = Code(ErrorCode.invalidClientKey)
        public static let creditsExhausted = Code(ErrorCode.creditsExhausted)
        public static let scopeNotAuthorized = Code(ErrorCode.scopeNotAuthorized)
        public static let rateLimited = Code(ErrorCode.rateLimited)
        public static let validationError = Code(ErrorCode.validationError)
        public static let payloadTooLarge = Code(ErrorCode.payloadTooLarge)
        /// The environment requires a passport's chip: read it and send it (`uploadChip`), then submit again.
        public static let chipRequired = Code(ErrorCode.chipRequired)
        /// The Active Authentication challenge is unknown, expired, used, or another session's: ask for a new one.
        public static let chipChallengeInvalid = Code(ErrorCode.chipChallengeInvalid)
        public static let idempotencyKeyInUse = Code(ErrorCode.idempotencyKeyInUse)
        public static let idempotencyKeyReused = Code(ErrorCode.idempotencyKeyReused)
        /// The first try was done but its answer was lost with its server: read the result; do not send it again.
        public static let idempotencyAnswerLost = Code(ErrorCode.idempotencyAnswerLost)
        public static let notFound = Code(ErrorCode.notFound)
        public static let systemError = Code(ErrorCode.systemError)
        public static let serviceUnavailable = Code(ErrorCode.serviceUnavailable)
        /// The service could not be reached (SDK-side).
        public static let networkError = Code(ServiceFailure.ClientCode.unreachable)
        /// The service answered something the SDK cannot read (SDK-side).
        public static let invalidResponse = Code(ServiceFailure.ClientCode.unreadable)
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

extension MobileVerificationError: ServiceError {
    init(_ failure: ServiceFailure) {
        self.init(code: .init(rawValue: failure.code), message: failure.message, field: failure.field, retryable: failure.retryable,
                  httpStatus: failure.httpStatus == 0 ? nil : failure.httpStatus, retryAfterSeconds: failure.retryAfterSeconds,
                  sessionID: failure.sessionID)
    }
}
