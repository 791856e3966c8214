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

    /// The wire's error code (`ErrorCode`, in VerityWire): its HTTP status and retry advice.
    public typealias Code = ErrorCode
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
