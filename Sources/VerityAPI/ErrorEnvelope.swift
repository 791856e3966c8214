/// The body of every `/v1` and `/admin/v1` error response.
public struct ErrorEnvelope: Codable, Sendable, Equatable {
    /// The error itself.
    public var error: Body

    /// One error: a stable code, a human message, retry advice and the field at fault.
    public struct Body: Codable, Sendable, Equatable {
        /// Stable UPPER_SNAKE code, e.g. `CONSENT_REQUIRED`.
        public var code: String
        /// For people; may change between versions.
        public var message: String
        /// Whether the same request may succeed later.
        public var retryable: Bool
        /// The request field at fault, if one is.
        public var field: String?
        /// For `INVALID_TOKEN` from the certification surface: what the client
        /// should do, `REFRESH_TOKEN` (get a new device token) or `VERIFY_DEVICE`.
        public var resolution: String?
        /// Every field at fault with what is wrong with it (registration forms).
        public var details: [FieldError]?

        /// Creates the value from its fields.
        public init(code: String, message: String, retryable: Bool, field: String?, resolution: String? = nil,
                    details: [FieldError]? = nil) {
            self.code = code
            self.message = message
            self.retryable = retryable
            self.field = field
            self.resolution = resolution
            self.details = details
        }

        /// Encodes every field, writing optional ones as `null` when absent.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(code, forKey: .code)
            try container.encode(message, forKey: .message)
            try container.encode(retryable, forKey: .retryable)
            try container.encode(field, forKey: .field)
            try container.encodeIfPresent(resolution, forKey: .resolution)
            try container.encodeIfPresent(details, forKey: .details)
        }
    }

    /// One field at fault.
    public struct FieldError: Codable, Sendable, Equatable {
        /// The field's name.
        public var field: String
        /// What is wrong, e.g. "must be a date as YYYY-MM-DD".
        public var message: String

        /// Creates the value from its fields.
        public init(field: String, message: String) {
            self.field = field
            self.message = message
        }
    }

    /// Creates the value from its fields.
    public init(error: Body) { self.error = error }
}

/// Body of `/healthz` and `/readyz`.
public struct HealthStatus: Codable, Sendable, Equatable {
    /// `ok`; or, with a 503 from `/readyz`, `unavailable` (a check failed:
    /// the server logs which, `verity doctor` says what to do) or `stopping`
    /// (it drains after SIGTERM).
    public var status: String
    /// Each check and how it stands: `verity doctor --json` only; the public
    /// `/readyz` says no more than its status.
    public var checks: [HealthCheck]?

    /// Creates the value from its fields.
    public init(status: String, checks: [HealthCheck]? = nil) {
        self.status = status
        self.checks = checks
    }
}

/// One thing a server needs to serve (`/readyz`, `verity doctor`).
public struct HealthCheck: Codable, Sendable, Equatable {
    /// `database`, `migrations`, `models`, `hsm`, …
    public var name: String
    /// `ok`, `failing`, `warning` (`verity doctor` only: to act on soon, not now), or
    /// `not_configured` (not needed by this deployment).
    public var status: String
    /// What is wrong and what to do about it, when it is failing.
    public var detail: String?

    public init(name: String, status: String, detail: String? = nil) {
        self.name = name
        self.status = status
        self.detail = detail
    }
}
