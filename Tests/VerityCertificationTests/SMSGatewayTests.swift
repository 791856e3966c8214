import AsyncHTTPClient
import Foundation
import Logging
import Testing
import Vapor
@testable import VerityCore
import VerityTestSupport
@testable import VerityKernel
@testable import VerityIdentity
@testable import VerityCertification

/// A stand-in SMS provider on loopback: the outside service a user brings.
final class FakeSMSProvider: @unchecked Sendable {
    let app: Application
    private let lock = NSLock()
    private var _requests: [(authorization: String?, contentType: String?, body: String)] = []
    /// Statuses to answer with, in order; the last one repeats.
    var script: [Int]

    var requests: [(authorization: String?, contentType: String?, body: String)] { lock.withLock { _requests } }

    init(script: [Int]) async throws {
        self.script = script
        app = try await Application.make(.testing)
        app.logger.logLevel = .critical
        app.on(.POST, "messages", body: .collect(maxSize: "64kb")) { [unowned self] request async throws -> Response in
            let status: Int = lock.withLock {
                _requests.append((request.headers.first(name: .authorization), request.headers.first(name: .contentType),
                                  request.body.string ?? ""))
                return self.script.count > 1 ? self.script.removeFirst() : self.script[0]
            }
            return Response(status: HTTPResponseStatus(statusCode: status))
        }
        try await app.server.start(address: .hostname("127.0.0.1", port: 0))
    }

    var url: URL { URL(string: "http://127.0.0.1:\(app.http.server.shared.localAddress!.port!)/messages")! }

    func stop() async throws {
        await app.server.shutdown()
        try await app.asyncShutdown()
    }
}

@Suite("The HTTP SMS gateway adapter")
struct SMSGatewayTests {
    let message = SMSMessage(to: "+447700900123", text: "Your Verity code is 482913.\n\"Do not share it.\"")

    func withProvider(_ script: [Int], _ settings: (URL) -> SMSSettings,
                      _ body: (HTTPSMSGateway, FakeSMSProvider) async throws -> Void) async throws {
        CapturedLogs.install
        let provider = try await FakeSMSProvider(script: script)
        let client = HTTPClient(eventLoopGroupProvider: .singleton)
        let gateway = HTTPSMSGateway(settings: settings(provider.url), client: client, logger: Logger(label: "sms-test"))
        do {
            try await body(gateway, provider)
        } catch {
            try? await client.shutdown()
            try? await provider.stop()
            throw error
        }
        try await client.shutdown()
        try await provider.stop()
    }

    @Test func aJSONProviderGetsTheEscapedMessageAndItsToken() async throws {
        try await withProvider([200], { SMSSettings(url: $0, authorization: .bearer("sms-token"), timeoutMilliseconds: 2000) }) { gateway, provider in
            try await gateway.send(message)
            let request = try #require(provider.requests.first)
            #expect(request.authorization == "Bearer sms-token")
            #expect(request.contentType == "application/json")
            let decoded = try JSONDecoder().decode([String: String].self, from: Data(request.body.utf8))
            #expect(decoded == ["to": message.to, "text": message.text])
        }
    }

    @Test func aFormProviderGetsPercentEncodedFieldsAndBasicAuth() async throws {
        try await withProvider([201], {
            SMSSettings(url: $0, authorization: .basic(user: "acct", password: "p@ss"), bodyTemplate: "To={{to}}&Body={{text}}",
                        contentType: "application/x-www-form-urlencoded", timeoutMilliseconds: 2000)
        }) { gateway, provider in
            try await gateway.send(message)
            let request = try #require(provider.requests.first)
            #expect(request.authorization == "Basic \(Data("acct:p@ss".utf8).base64EncodedString())")
            let fields = Dictionary(uniqueKeysWithValues: request.body.split(separator: "&").map { pair in
                let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
                return (parts[0], parts[1].removingPercentEncoding!)
            })
            #expect(fields == ["To": message.to, "Body": message.text])
        }
    }

    @Test func serverErrorsAreRetriedAndRefusalsAreNot() async throws {
        try await withProvider([503, 200], { SMSSettings(url: $0, timeoutMilliseconds: 2000, retries: 2) }) { gateway, provider in
            try await gateway.send(message)
            #expect(provider.requests.count == 2)
        }
        try await withProvider([400], { SMSSettings(url: $0, timeoutMilliseconds: 2000, retries: 2) }) { gateway, provider in
            await #expect(throws: VerityError(.serviceUnavailable, "")) { try await gateway.send(message) }
            #expect(provider.requests.count == 1)
        }
        try await withProvider([500], { SMSSettings(url: $0, timeoutMilliseconds: 2000, retries: 2) }) { gateway, provider in
            await #expect(throws: VerityError(.serviceUnavailable, "")) { try await gateway.send(message) }
            #expect(provider.requests.count == 3)
        }
        // The logs of all of it name neither the number nor the code.
        let logs = CapturedLogs.all.joined(separator: "\n")
        #expect(!logs.contains("7700900123") && !logs.contains("482913"))
        #expect(logs.contains("sms retry"), "positive control: the adapter logged its retries")
    }

    @Test func settingsAreCheckedAtStart() throws {
        let key = Data(repeating: 1, count: 32).base64EncodedString()
        func settings(_ extra: [String: String]) throws -> Settings { try Settings.from(environment: ["VERITY_DATA_KEY": key].merging(extra) { $1 }) }
        #expect(try settings([:]).sms == nil)
        let configured = try #require(try settings(["VERITY_SMS_URL": "https://sms.example/send", "VERITY_SMS_AUTH": "basic:u:p:w"]).sms)
        #expect(configured.authorization == .basic(user: "u", password: "p:w"))
        for bad in [["VERITY_SMS_URL": "ftp://x"], ["VERITY_SMS_URL": "https://x", "VERITY_SMS_AUTH": "token"],
                    ["VERITY_SMS_URL": "https://x", "VERITY_SMS_TEMPLATE": "{{to}} only"],
                    ["VERITY_SMS_URL": "https://x", "VERITY_SMS_CONTENT_TYPE": "text/plain"],
                    ["VERITY_SMS_URL": "https://x", "VERITY_SMS_RETRIES": "9"]] {
            #expect(throws: SettingsError.self) { try settings(bad) }
        }
    }
}
