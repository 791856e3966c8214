import Foundation

/// The body of every delivery: `POST` to the endpoint as JSON, signed in the
/// `Verity-Signature` header (`WebhookSignature`).
public struct WebhookEvent: Codable, Sendable, Equatable {
    /// Unique per event; a redelivery carries the same id (deduplicate on it).
    public let id: String
    public let type: WebhookEventType
    /// When the outcome happened (epoch ms); deliveries are not ordered, this is.
    public let createdAtEpochMs: Int64
    /// `test` or `live`.
    public let environment: String
    /// The integrator's own reference for the user, when the event has one.
    public let userRef: String?
    /// What happened, by event type (status, outcome, ids, level, serial): never PII.
    public let data: [String: WebhookValue]

    public init(id: String, type: WebhookEventType, createdAtEpochMs: Int64, environment: String, userRef: String?,
                data: [String: WebhookValue]) {
        self.id = id
        self.type = type
        self.createdAtEpochMs = createdAtEpochMs
        self.environment = environment
        self.userRef = userRef
        self.data = data
    }
}

/// A value in an event's `data`: the outcomes are strings, numbers and flags.
public enum WebhookValue: Codable, Sendable, Equatable {
    case string(String)
    case int(Int64)
    case bool(Bool)

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .int(value)
        } else {
            self = .string(try container.decode(String.self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .bool(let value): try container.encode(value)
        }
    }

    public var string: String? { if case .string(let value) = self { value } else { nil } }
}

/// Registering an endpoint.
public struct WebhookEndpointInput: Codable, Sendable {
    /// `https://…`, or `http://` to a loopback address (development).
    public var url: String
    /// The event types wanted; all when omitted.
    public var events: [WebhookEventType]?
    public var description: String?

    public init(url: String, events: [WebhookEventType]? = nil, description: String? = nil) {
        self.url = url
        self.events = events
        self.description = description
    }
}

/// An endpoint as the admin API lists it (never its secret).
public struct WebhookEndpointView: Codable, Sendable, Equatable {
    public let id: UUID
    public let url: String
    public let events: [WebhookEventType]
    public let description: String?
    /// `enabled` or `disabled`.
    public let status: String
    /// Why it was disabled (`failing` after a day of failed deliveries, or `operator`).
    public let disabledReason: String?
    /// Since when every delivery has failed, if they have.
    public let failingSinceEpochMs: Int64?
    public let createdAtEpochMs: Int64

    public init(id: UUID, url: String, events: [WebhookEventType], description: String?, status: String, disabledReason: String?,
                failingSinceEpochMs: Int64?, createdAtEpochMs: Int64) {
        self.id = id
        self.url = url
        self.events = events
        self.description = description
        self.status = status
        self.disabledReason = disabledReason
        self.failingSinceEpochMs = failingSinceEpochMs
        self.createdAtEpochMs = createdAtEpochMs
    }
}

/// An endpoint just registered, or its secret just rotated: the secret is
/// shown this once and stored only sealed.
public struct WebhookEndpointSecret: Codable, Sendable, Equatable {
    public let endpoint: WebhookEndpointView
    /// `whsec_…`: verify deliveries with it (`Webhook.verify`).
    public let secret: String
    /// After a rotation, until when the previous secret still signs (epoch ms).
    public let previousSecretValidUntilEpochMs: Int64?

    public init(endpoint: WebhookEndpointView, secret: String, previousSecretValidUntilEpochMs: Int64?) {
        self.endpoint = endpoint
        self.secret = secret
        self.previousSecretValidUntilEpochMs = previousSecretValidUntilEpochMs
    }
}

/// One delivery of an event to an endpoint, with its last attempt.
public struct WebhookDeliveryView: Codable, Sendable, Equatable {
    public let id: UUID
    public let eventID: String
    public let eventType: WebhookEventType
    /// `pending`, `delivered` or `failed` (given up after three days).
    public let status: String
    public let attempts: Int
    /// The receiver's last HTTP status, if it answered.
    public let lastStatusCode: Int?
    public let lastLatencyMilliseconds: Int?
    /// Why the last attempt failed: `timeout`, `connection`, `http_500`, `address_refused`, …
    public let lastError: String?
    public let createdAtEpochMs: Int64
    public let deliveredAtEpochMs: Int64?

    public init(id: UUID, eventID: String, eventType: WebhookEventType, status: String, attempts: Int, lastStatusCode: Int?,
                lastLatencyMilliseconds: Int?, lastError: String?, createdAtEpochMs: Int64, deliveredAtEpochMs: Int64?) {
        self.id = id
        self.eventID = eventID
        self.eventType = eventType
        self.status = status
        self.attempts = attempts
        self.lastStatusCode = lastStatusCode
        self.lastLatencyMilliseconds = lastLatencyMilliseconds
        self.lastError = lastError
        self.createdAtEpochMs = createdAtEpochMs
        self.deliveredAtEpochMs = deliveredAtEpochMs
    }
}
