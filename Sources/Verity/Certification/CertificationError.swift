import Foundation
import VerityWire

/// An error from the certification service or from reaching it: the spec's
/// callbacks (`onInvalidToken`, `onValidationError`, …) become codes.
///
/// ```swift
/// do { try await client.certifyUser(diac: code) }
/// catch let error as CertificationError where error.code == .invalidToken {
///     try await client.resolve(error)   // does what `resolution` says, then retry
/// }
/// ```
public struct CertificationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The stable code.
    public let code: Code
    /// For people; may change between versions.
    public let message: String
    /// The request field at fault.
    public let field: String?
    /// Whether the same call may succeed later.
    public let retryable: Bool
    /// The HTTP status; 0 when the service was not reached.
    public let httpStatus: Int
    /// For ``Code/invalidToken``: what to do (``CertificationClient/resolve(_:)`` does it).
    public let resolution: Resolution?
    /// Every registration field at fault, for ``Code/validationError``.
    public let fieldErrors: [FieldError]

    /// Creates an error; the SDK makes these from service responses.
    public init(code: Code, message: String, field: String? = nil, retryable: Bool = false, httpStatus: Int = 0,
                resolution: Resolution? = nil, fieldErrors: [FieldError] = []) {
        self.code = code
        self.message = message
        self.field = field
        self.retryable = retryable
        self.httpStatus = httpStatus
        self.resolution = resolution
        self.fieldErrors = fieldErrors
    }

    /// The code, the field at fault and the message.
    public var description: String { "\(code.rawValue)" + (field.map { " (\($0))" } ?? "") + ": \(message)" }

    /// Equal when the codes are equal.
    public static func == (lhs: CertificationError, rhs: CertificationError) -> Bool { lhs.code == rhs.code }

    /// What a client does about a refused token.
    public enum Resolution: String, Sendable {
        /// Ask for a new device token (``CertificationClient/refreshDeviceToken()``).
        case refreshToken = "REFRESH_TOKEN"
        /// Verify the device again with a new SMS code.
        case verifyDevice = "VERIFY_DEVICE"
    }

    /// One registration field at fault.
    public struct FieldError: Sendable, Equatable {
        /// The field's name.
        public let field: String
        /// What is wrong with it.
        public let message: String
    }

    /// A stable error code; unknown codes keep their text.
    public struct Code: RawRepresentable, Hashable, Sendable, ServiceErrorCode {
        /// The UPPER_SNAKE code.
        public let rawValue: String
        /// Wraps a code string.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The spec's `onNoConnection`: the service could not be reached.
        public static let noConnection = Code(ServiceFailure.ClientCode.unreachable)
        /// The token was refused: see ``CertificationError/resolution``.
        public static let invalidToken = Code(ErrorCode.invalidToken)
        /// Too many SMS codes were requested; try later.
        public static let deviceVerificationLimit = Code(ErrorCode.deviceVerificationLimit)
        /// The SMS code expired or its guesses are spent: request a new one.
        public static let expiredVerificationCode = Code(ErrorCode.expiredVerificationCode)
        /// A field is wrong: see ``CertificationError/field`` and ``CertificationError/fieldErrors``.
        public static let validationError = Code(ErrorCode.validationError)
        /// Too many wrong codes: an operator must unlock the user.
        public static let userLocked = Code(ErrorCode.userLocked)
        /// The user registered with this entity before.
        public static let userAlreadyRegistered = Code(ErrorCode.userAlreadyRegistered)
        /// The user is not accredited (or not certified) for what was asked.
        public static let userNotAccredited = Code(ErrorCode.userNotAccredited)
        /// The device has not been verified by SMS code.
        public static let deviceNotVerified = Code(ErrorCode.deviceNotVerified)
        /// No such entity, checkpoint, challenge or transaction.
        public static let notFound = Code(ErrorCode.notFound)
        /// The service is down or lacks a part (CA, HSM, SMS provider).
        public static let serviceUnavailable = Code(ErrorCode.serviceUnavailable)
        /// The device's key store failed.
        public static let keyStoreError = Code(rawValue: "KEY_STORE_ERROR")
        /// The service's answer could not be read, or a certificate it returned does not fit.
        public static let invalidResponse = Code(ServiceFailure.ClientCode.unreadable)
        /// Something on the device failed outside the service: the app's user-token provider threw
        /// (the message says what it threw). The callbacks give it to `onClientError`.
        public static let clientError = Code(ServiceFailure.ClientCode.device)
    }
}

extension CertificationError {
    /// `error` as the callbacks hand it over: itself when it is one, else a ``Code/clientError`` that describes it.
    init(wrapping error: any Error) {
        if let error = error as? CertificationError {
            self = error
        } else {
            self.init(code: .clientError, message: "the call failed on the device: \(error)")
        }
    }
}

extension CertificationError: ServiceError {
    init(_ failure: ServiceFailure) {
        self.init(code: .init(rawValue: failure.code), message: failure.message, field: failure.field, retryable: failure.retryable,
                  httpStatus: failure.httpStatus, resolution: failure.resolution.flatMap(Resolution.init(rawValue:)),
                  fieldErrors: failure.details.map { FieldError(field: $0.field, message: $0.message) })
    }
}
