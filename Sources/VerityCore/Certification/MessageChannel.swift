/// How a message reaches a person: a code by SMS to their verified phone, or
/// by e-mail (`outbox_messages.channel`, an approval's `delivery`).
public enum MessageChannel: String, Sendable, Codable, CaseIterable {
    case sms, email
}
