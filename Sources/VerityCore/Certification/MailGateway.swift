/// An e-mail to a person: an activation code's (DIAC's) other way to the user.
public struct MailMessage: Sendable, Equatable {
    /// One address (`ContactDetails.isEmail`).
    public let to: String
    public let subject: String
    /// Plain text.
    public let text: String

    public init(to: String, subject: String, text: String) {
        self.to = to
        self.subject = subject
        self.text = text
    }
}

/// Where e-mail goes: an SMTP server in production, the development outbox
/// elsewhere. Implementations must not log the address or the text (it
/// carries a code).
public protocol MailGateway: Sendable {
    /// Throws `SERVICE_UNAVAILABLE` when the message could not be handed over.
    func send(_ message: MailMessage) async throws
}
