import Foundation

/// Where and how to reach an SMS provider over HTTP.
public struct SMSSettings: Sendable {
    public enum Authorization: Sendable, Equatable {
        case none
        case bearer(String)
        case basic(user: String, password: String)
    }

    public var url: URL
    public var authorization: Authorization
    /// The request body, with `{{to}}` and `{{text}}` replaced by the number and
    /// the message, escaped for `contentType` (JSON string or form field).
    public var bodyTemplate: String
    public var contentType: String
    public var timeoutMilliseconds: Int
    public var retries: Int

    public static let defaultTemplate = #"{"to":"{{to}}","text":"{{text}}"}"#

    public init(url: URL, authorization: Authorization = .none, bodyTemplate: String = SMSSettings.defaultTemplate,
                contentType: String = "application/json", timeoutMilliseconds: Int = 5000, retries: Int = 2) {
        self.url = url
        self.authorization = authorization
        self.bodyTemplate = bodyTemplate
        self.contentType = contentType
        self.timeoutMilliseconds = timeoutMilliseconds
        self.retries = retries
    }
}
