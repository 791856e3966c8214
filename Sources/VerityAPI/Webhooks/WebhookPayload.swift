import Foundation

/// The `data` of one event type, as a type: its members are the wire's keys,
/// declared once, here, for the server that writes them and the backend that
/// reads them (`WebhookEvent.payload(_:)`). `docs/webhooks.md` lists them.
public protocol WebhookPayload: Codable, Sendable, Equatable {
    static var eventType: WebhookEventType { get }
}

extension WebhookEvent {
    /// The event's data as `Payload`, the type its `type` names.
    /// Throws `WebhookPayloadError` when the event is of another type or its data does not fit.
    public func payload<Payload: WebhookPayload>(_: Payload.Type) throws -> Payload {
        guard type == Payload.eventType else {
            throw WebhookPayloadError(message: "the event is \(type.rawValue), not \(Payload.eventType.rawValue)")
        }
        do {
            return try JSONDecoder().decode(Payload.self, from: JSONEncoder().encode(data))
        } catch {
            throw WebhookPayloadError(message: "the \(type.rawValue) event's data does not fit its type: \(error)")
        }
    }

    /// The event's data as the type its `type` names, whichever that is.
    public func anyPayload() throws -> any WebhookPayload {
        guard let payloadType = WebhookPayloads.type(of: type) else {
            throw WebhookPayloadError(message: "no payload is declared for \(type.rawValue)")
        }
        return try payload(payloadType)
    }
}

/// Every event's payload type, the one list decoding goes by. Adding an event
/// is its case of `WebhookEventType`, its payload struct, and its line here;
/// `WebhookContractTests` holds this list to the event types (each once) and
/// to `docs/openapi.yaml`, which the TypeScript and Kotlin SDKs' lists are
/// held to in turn (`scripts/sdk-contract.py`).
public enum WebhookPayloads {
    public static let all: [any WebhookPayload.Type] = [
        IdentityVerificationDecided.self, DocumentCheckCompleted.self, DocumentCheckReviewRequired.self, DocumentCheckDecided.self,
        CaptureLinkOpened.self, CaptureLinkExpired.self, MobileSessionCompleted.self, MobileSessionDecided.self,
        OCRCombinationCompleted.self, OCRCombinationDecided.self,
        AccreditationRequested.self, AccreditationApproved.self, AccreditationRejected.self, CertificateIssued.self, CertificateRevoked.self,
        ScreeningMatchFound.self, ScreeningMatchDecided.self,
    ]

    /// The payload type of `event`, or nil when none is declared (a test makes sure one always is).
    public static func type(of event: WebhookEventType) -> (any WebhookPayload.Type)? {
        all.first { $0.eventType == event }
    }
}

/// An event's data that is not what its type says.
public struct WebhookPayloadError: Error, Sendable, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}

/// What a reviewer did with a case, as the `…decided` events say it.
public enum ReviewVerdict: String, Codable, Sendable, CaseIterable {
    case approved, rejected
}
