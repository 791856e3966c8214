/// A text message to a phone: the device verification code's way to the user.
public struct SMSMessage: Sendable, Equatable {
    /// E.164, e.g. +14155550123.
    public let to: String
    public let text: String

    public init(to: String, text: String) {
        self.to = to
        self.text = text
    }
}

/// Where text messages go: an SMS provider over HTTP in production, the
/// development outbox elsewhere. Implementations must not log the number or
/// the text (it carries a code).
public protocol SMSGateway: Sendable {
    /// Throws `SERVICE_UNAVAILABLE` when the message could not be handed over.
    func send(_ message: SMSMessage) async throws
}
