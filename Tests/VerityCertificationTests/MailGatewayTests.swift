import Foundation
import Logging
import NIOCore
import NIOPosix
import Testing
@testable import VerityCore
import VerityTestSupport
@testable import VerityKernel
@testable import VerityCertification

/// A stand-in SMTP server on loopback: the outside service a user brings. It
/// speaks enough RFC 5321 to take one message, and records what it was sent.
final class FakeSMTPServer: @unchecked Sendable {
    enum Behaviour: Sendable { case accept, refuseRecipient, silent }

    private let lock = NSLock()
    private var _lines: [String] = []
    private var _body: [String] = []
    private let server: NIOAsyncChannel<NIOAsyncChannel<ByteBuffer, ByteBuffer>, Never>
    private var serving: Task<Void, Never>?
    let port: Int

    /// Every command line received, and the message's DATA lines.
    var lines: [String] { lock.withLock { _lines } }
    var body: [String] { lock.withLock { _body } }

    init(_ behaviour: Behaviour) async throws {
        server = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .bind(host: "127.0.0.1", port: 0) { child in
                child.eventLoop.makeCompletedFuture { try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: child) }
            }
        port = server.channel.localAddress?.port ?? 0
        serving = Task { [server] in
            try? await server.executeThenClose { connections in
                for try await connection in connections {
                    try? await self.converse(connection, behaviour)
                }
            }
        }
    }

    private func converse(_ connection: NIOAsyncChannel<ByteBuffer, ByteBuffer>, _ behaviour: Behaviour) async throws {
        try await connection.executeThenClose { inbound, outbound in
            if behaviour == .silent {
                // Never a word, until the test stops the server: only the gateway's own deadline ends a send.
                try await Task.sleep(for: .seconds(3_600))
                return
            }
            func reply(_ text: String) async throws { try await outbound.write(ByteBuffer(string: text + "\r\n")) }
            try await reply("220 fake ESMTP ready")
            var pending = "", inData = false
            for try await chunk in inbound {
                pending += String(buffer: chunk)
                while let end = pending.range(of: "\r\n") {
                    let line = String(pending[..<end.lowerBound])
                    pending.removeSubrange(..<end.upperBound)
                    if inData {
                        if line == "." { inData = false; try await reply("250 2.0.0 queued") } else { lock.withLock { _body.append(line) } }
                        continue
                    }
                    lock.withLock { _lines.append(line) }
                    switch line.prefix(4).uppercased() {
                    case "EHLO": try await reply("250-fake.localdomain\r\n250-8BITMIME\r\n250 AUTH PLAIN")
                    case "AUTH": try await reply("235 2.7.0 accepted")
                    case "MAIL": try await reply("250 2.1.0 ok")
                    case "RCPT": try await reply(behaviour == .refuseRecipient ? "550 5.1.1 no such user" : "250 2.1.5 ok")
                    case "DATA": inData = true; try await reply("354 end with .")
                    case "QUIT": try await reply("221 2.0.0 bye"); return
                    default: try await reply("502 5.5.2 unknown")
                    }
                }
            }
        }
    }

    func stop() async {
        serving?.cancel()
        try? await server.channel.close()
    }
}

@Suite("The SMTP mail gateway adapter")
struct MailGatewayTests {
    let message = MailMessage(to: "alice@example.org", subject: "Your Example Bank activation code",
                              text: "Your code is 4929 1234 5678 9012.\n.a line that starts with a dot\nKeep it secret.")

    func withServer(_ behaviour: FakeSMTPServer.Behaviour, timeout: Int = 60_000,
                    _ body: (SMTPMailGateway, FakeSMTPServer) async throws -> Void) async throws {
        CapturedLogs.install
        let server = try await FakeSMTPServer(behaviour)
        let settings = SMTPSettings(host: "127.0.0.1", port: server.port, tls: false, username: "relay-user", password: "relay-pass",
                                    from: "no-reply@bank.example", timeoutMilliseconds: timeout)
        do {
            try await body(SMTPMailGateway(settings: settings, logger: Logger(label: "smtp-test")), server)
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    @Test func aMessageIsHandedOverWithItsCredentialsEnvelopeAndDotStuffedBody() async throws {
        try await withServer(.accept) { gateway, server in
            try await gateway.send(message)
            let lines = server.lines
            #expect(lines.first?.hasPrefix("EHLO ") == true)
            let auth = try #require(lines.first { $0.hasPrefix("AUTH PLAIN ") })
            #expect(Data(base64Encoded: String(auth.dropFirst("AUTH PLAIN ".count))) == Data("\0relay-user\0relay-pass".utf8))
            #expect(lines.contains("MAIL FROM:<no-reply@bank.example>") && lines.contains("RCPT TO:<alice@example.org>"))
            #expect(lines.contains("DATA") && lines.last == "QUIT")
            let body = server.body
            #expect(body.contains("Subject: Your Example Bank activation code") && body.contains("To: alice@example.org"))
            #expect(body.contains("Content-Type: text/plain; charset=utf-8"))
            // The body follows a blank line; a leading dot is doubled so it cannot end the message early.
            #expect(body.contains("..a line that starts with a dot") && body.contains("Keep it secret."))
        }
    }

    @Test func aRefusedRecipientIsServiceUnavailableAndNothingPersonalIsLogged() async throws {
        try await withServer(.refuseRecipient) { gateway, _ in
            let error = await #expect(throws: VerityError.self) { try await gateway.send(message) }
            #expect(error?.code == .serviceUnavailable)
            let logs = CapturedLogs.all.joined(separator: "\n")
            #expect(logs.contains("reply 550"))
            #expect(!logs.contains("alice@example.org") && !logs.contains("4929"))
        }
    }

    /// The server never answers, so a send that ends at all was ended by the
    /// gateway's deadline (500 ms); the time limit only stops a broken one hanging the run.
    @Test(.timeLimit(.minutes(5))) func aServerThatNeverAnswersTimesOut() async throws {
        try await withServer(.silent, timeout: 500) { gateway, _ in
            let error = await #expect(throws: VerityError.self) { try await gateway.send(message) }
            #expect(error?.code == .serviceUnavailable)
        }
    }

    @Test func aHeaderCannotBeInjectedThroughTheSubjectOrAddress() async throws {
        try await withServer(.accept) { gateway, server in
            let injected = MailMessage(to: "alice@example.org", subject: "Hi\r\nBcc: mallory@example.org", text: "x")
            await #expect(throws: VerityError.self) { try await gateway.send(injected) }
            await #expect(throws: VerityError.self) { try await gateway.send(MailMessage(to: "alice@example.org>\r\nRCPT TO:<m@x.org", subject: "s", text: "x")) }
            #expect(server.lines.isEmpty)
        }
    }

    @Test func plainTextIsRefusedBeyondLoopbackAndTheSenderIsRequired() throws {
        #expect(throws: SettingsError.self) {
            _ = try Settings.smtpSettings(["VERITY_SMTP_HOST": "smtp.example.org", "VERITY_SMTP_TLS": "none", "VERITY_SMTP_FROM": "a@b.org"])
        }
        #expect(throws: SettingsError.self) { _ = try Settings.smtpSettings(["VERITY_SMTP_HOST": "smtp.example.org"]) }
        let tls = try #require(try Settings.smtpSettings(["VERITY_SMTP_HOST": "smtp.example.org", "VERITY_SMTP_FROM": "a@b.org"]))
        #expect(tls.tls && tls.port == 465)
    }
}
