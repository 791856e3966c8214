import Foundation
import Logging
import NIOCore
import NIOPosix
import NIOSSL
import VerityCore
import VerityKernel

/// E-mail through an SMTP server (RFC 5321): implicit TLS (SMTPS, port 465)
/// or plain text to a loopback relay, `AUTH PLAIN` when credentials are set,
/// one message per connection. Nothing of the address or text is logged.
package struct SMTPMailGateway: MailGateway {
    let settings: SMTPSettings
    package let logger: Logger

    package func send(_ message: MailMessage) async throws {
        guard ContactDetails.isEmail(message.to), !message.subject.contains(where: \.isNewline) else {
            throw VerityError(.validationError, "The e-mail's address or subject is not valid.", field: "email")
        }
        do {
            try await deliver(message)
        } catch {
            // The reply code only: a server's text may quote the address.
            logger.warning("the SMTP server did not take the message", metadata: ["reason": .string((error as? SMTPFailure)?.summary ?? "connection")])
            throw VerityError(.serviceUnavailable, "The e-mail could not be handed to the SMTP server; try again later.")
        }
    }

    private func deliver(_ message: MailMessage) async throws {
        let settings = self.settings
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connectTimeout(.milliseconds(Int64(settings.timeoutMilliseconds)))
            .connect(host: settings.host, port: settings.port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    if settings.tls {
                        let context = try NIOSSLContext(configuration: .makeClientConfiguration())
                        try channel.pipeline.syncOperations.addHandler(try NIOSSLClientHandler(context: context, serverHostname: settings.host))
                    }
                    return try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
        // The whole conversation has one deadline: the connection is closed at
        // it, which ends any wait for a reply (a silent server holds nothing).
        let deadline = channel.channel.eventLoop.scheduleTask(in: .milliseconds(Int64(settings.timeoutMilliseconds))) {
            channel.channel.close(promise: nil)
        }
        defer { deadline.cancel() }
        try await channel.executeThenClose { inbound, outbound in
            var replies = SMTPReplies(inbound.makeAsyncIterator())
            func command(_ line: String, expecting codes: Set<Int>) async throws {
                try await outbound.write(ByteBuffer(string: line + "\r\n"))
                try await replies.expect(codes)
            }
            try await replies.expect([220])
            try await command("EHLO verity.localdomain", expecting: [250])
            if let username = settings.username, let password = settings.password {
                let token = Data("\0\(username)\0\(password)".utf8).base64EncodedString()
                try await command("AUTH PLAIN \(token)", expecting: [235])
            }
            try await command("MAIL FROM:<\(settings.from)>", expecting: [250])
            try await command("RCPT TO:<\(message.to)>", expecting: [250, 251])
            try await command("DATA", expecting: [354])
            try await outbound.write(ByteBuffer(string: SMTPMessage.data(message, from: settings.from, now: Date())))
            try await replies.expect([250])
            try? await command("QUIT", expecting: [221])
        }
    }

    package init(settings: SMTPSettings, logger: Logger) {
        self.settings = settings
        self.logger = logger
    }
}

/// The DATA of one message: headers, a plain-text body with CRLF line ends
/// and leading dots doubled (RFC 5321 §4.5.2), and the closing dot.
enum SMTPMessage {
    static func data(_ message: MailMessage, from: String, now: Date) -> String {
        let date = DateFormatter()
        date.locale = Locale(identifier: "en_US_POSIX")
        date.timeZone = TimeZone(identifier: "UTC")
        date.dateFormat = "EEE, dd MMM yyyy HH:mm:ss '+0000'"
        let headers = [
            "From: \(from)", "To: \(message.to)", "Subject: \(encodedSubject(message.subject))", "Date: \(date.string(from: now))",
            "Message-ID: <\(UUID().uuidString.lowercased())@verity>", "MIME-Version: 1.0",
            "Content-Type: text/plain; charset=utf-8", "Content-Transfer-Encoding: 8bit",
        ]
        let body = message.text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { line in line.hasPrefix(".") ? "." + line : String(line) }
            .map { $0.replacingOccurrences(of: "\r", with: "") }
        return (headers + [""] + body).joined(separator: "\r\n") + "\r\n.\r\n"
    }

    /// ASCII as is; anything else as an RFC 2047 encoded word.
    static func encodedSubject(_ subject: String) -> String {
        subject.allSatisfy(\.isASCII) ? subject : "=?utf-8?B?\(Data(subject.utf8).base64EncodedString())?="
    }
}

/// The server's replies, one at a time: a reply ends with a line whose code
/// is followed by a space (`250 OK`); `250-…` lines continue it.
struct SMTPReplies {
    private var iterator: NIOAsyncChannelInboundStream<ByteBuffer>.AsyncIterator
    private var pending = ""

    init(_ iterator: NIOAsyncChannelInboundStream<ByteBuffer>.AsyncIterator) { self.iterator = iterator }

    mutating func expect(_ codes: Set<Int>) async throws {
        let code = try await next()
        guard codes.contains(code) else { throw SMTPFailure.refused(code) }
    }

    /// The next reply's code.
    mutating func next() async throws -> Int {
        while true {
            while let end = pending.range(of: "\r\n") {
                let line = String(pending[..<end.lowerBound])
                pending.removeSubrange(..<end.upperBound)
                guard line.count >= 3, let code = Int(line.prefix(3)) else { throw SMTPFailure.unreadable }
                if line.count == 3 || line[line.index(line.startIndex, offsetBy: 3)] == " " { return code }
            }
            guard pending.utf8.count < 64 * 1024, let buffer = try await iterator.next() else { throw SMTPFailure.unreadable }
            pending += String(buffer: buffer)
        }
    }
}

enum SMTPFailure: Error {
    case refused(Int)
    /// No reply, a malformed one, or the connection closed (at the deadline).
    case unreadable

    var summary: String {
        switch self {
        case .refused(let code): "reply \(code)"
        case .unreadable: "no readable reply"
        }
    }
}
