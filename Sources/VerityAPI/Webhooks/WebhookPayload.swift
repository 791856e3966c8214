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
        switch type {
        case .identityVerificationDecided: try payload(IdentityVerificationDecided.self)
        case .documentCheckCompleted: try payload(DocumentCheckCompleted.self)
        case .documentCheckReviewRequired: try payload(DocumentCheckReviewRequired.self)
        case .documentCheckDecided: try payload(DocumentCheckDecided.self)
        case .captureLinkOpened: try payload(CaptureLinkOpened.self)
        case .captureLinkExpired: try payload(CaptureLinkExpired.self)
        case .mobileSessionCompleted: try payload(MobileSessionCompleted.self)
        case .mobileSessionDecided: try payload(MobileSessionDecided.self)
        case .ocrCombinationCompleted: try payload(OCRCombinationCompleted.self)
        case .ocrCombinationDecided: try payload(OCRCombinationDecided.self)
        case .accreditationRequested: try payload(AccreditationRequested.self)
        case .accreditationApproved: try payload(AccreditationApproved.self)
        case .accreditationRejected: try payload(AccreditationRejected.self)
        case .certificateIssued: try payload(CertificateIssued.self)
        case .certificateRevoked: try payload(CertificateRevoked.self)
        }
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
