import AsyncHTTPClient
import Foundation
import Logging
import NIOCore
import NIOHTTP1
import VerityCore
import VerityKernel

/// An SMS provider reached with one HTTP POST per message. Any 2xx is
/// success; timeouts, 429 and 5xx are retried with backoff; anything else is
/// `SERVICE_UNAVAILABLE`. The number and the text never reach the logs.
public struct HTTPSMSGateway: SMSGateway {
    let settings: SMSSettings
    let client: HTTPClient
    package let logger: Logger

    public init(settings: SMSSettings, client: HTTPClient, logger: Logger) {
        self.settings = settings
        self.client = client
        self.logger = logger
    }

    public func send(_ message: SMSMessage) async throws {
        let body = Self.render(settings.bodyTemplate, message: message, contentType: settings.contentType)
        try await OutboundRetry.run(retries: settings.retries, logger: logger, service: "sms",
                                    unavailable: "The SMS provider is unavailable; try again later.") {
            await post(body)
        }
    }

    /// The template with the placeholders filled in, escaped for the body's format.
    static func render(_ template: String, message: SMSMessage, contentType: String) -> String {
        let escape: (String) -> String = contentType.lowercased().hasPrefix("application/x-www-form-urlencoded")
            ? { $0.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-._~"))) ?? "" }
            : { jsonEscaped($0) }
        return template.replacingOccurrences(of: "{{to}}", with: escape(message.to))
            .replacingOccurrences(of: "{{text}}", with: escape(message.text))
    }

    /// The inside of a JSON string literal.
    static func jsonEscaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    private func post(_ body: String) async -> OutboundRetry.Reply<Void> {
        var request = HTTPClientRequest(url: settings.url.absoluteString)
        request.method = .POST
        switch settings.authorization {
        case .none: break
        case .bearer(let token): request.headers.add(name: "Authorization", value: "Bearer \(token)")
        case .basic(let user, let password):
            request.headers.add(name: "Authorization", value: "Basic \(Data("\(user):\(password)".utf8).base64EncodedString())")
        }
        request.headers.add(name: "Content-Type", value: settings.contentType)
        request.body = .bytes(ByteBuffer(string: body))
        do {
            let response = try await client.execute(request, timeout: .milliseconds(Int64(settings.timeoutMilliseconds)))
            _ = try? await response.body.collect(upTo: 64 * 1024)
            switch response.status.code {
            case 200...299: return .done(())
            case 429, 500...599: return .retry("status \(response.status.code)")
            default: return .fail("status \(response.status.code)")
            }
        } catch {
            return .retry("transport: \(type(of: error))")
        }
    }
}
