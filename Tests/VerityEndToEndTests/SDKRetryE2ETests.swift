import Fluent
import Foundation
import Testing
import Verity
@testable import VerityStore
import VerityTestSupport

/// A proxy between an SDK and the server that loses the first answers of
/// POSTs after the server did the work (`tests-contract/answer-losing-proxy.py`).
final class AnswerLosingProxy: Sendable {
    let process: Process
    let log: URL
    let port: Int

    struct Passage: Decodable {
        let method: String
        let path: String
        let status: Int
        let key: String?
        let lost: Bool
        let replayed: Bool
    }

    init(target: URL, lose: Int) throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        log = FileManager.default.temporaryDirectory.appendingPathComponent("verity-proxy-\(UUID().uuidString).jsonl")
        FileManager.default.createFile(atPath: log.path, contents: nil)
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [root.appendingPathComponent("tests-contract/answer-losing-proxy.py").path, "--target",
                             target.absoluteString.trimmingCharacters(in: CharacterSet(charactersIn: "/")), "--log", log.path,
                             "--lose", "\(lose)", "--lifetime", "900"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let line = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
        guard let port = Int(line.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            process.terminate()
            throw CocoaError(.fileReadCorruptFile)
        }
        self.port = port
    }

    var url: URL { URL(string: "http://127.0.0.1:\(port)")! }

    func passages() throws -> [Passage] {
        try String(contentsOf: log, encoding: .utf8).split(separator: "\n").map { try JSONDecoder().decode(Passage.self, from: Data($0.utf8)) }
    }

    /// SIGKILL: a child of the test process inherits its blocked SIGTERM.
    func stop() {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        for _ in 0..<100 where process.isRunning { usleep(20_000) }
        try? FileManager.default.removeItem(at: log)
    }

    deinit { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
}

/// The identity and certification SDKs send every POST with an
/// `Idempotency-Key` and try a retryable failure again with the same key
/// (issue 48), as the mobile SDK does: an answer lost on the way back is
/// replayed by the server, and the work is not done twice.
@Suite("The SDKs retry a POST under its Idempotency-Key")
struct SDKRetryE2ETests {
    static let quickRetries = ServiceRetries(delays: [.milliseconds(100), .milliseconds(200)])

    @Test func aVerificationWhoseAnswerWasLostCostsOneAttempt() async throws {
        try await withVerityApp { app async throws in
            let server = try await app.startServer()
            // The consent's answer and the verification's are both lost once.
            let proxy = try AnswerLosingProxy(target: server, lose: 2)
            defer { proxy.stop() }
            let client = IdentityVerificationClient(baseURL: proxy.url, token: try await app.token(for: "retried"),
                                                    requestTimeout: TestDeadlines.requestTimeout, retries: Self.quickRetries)
            try await client.consent()
            let failed = try await client.verifyIdentity(input: TestData.stranger)
            // Run twice, a stranger's attempt would leave one.
            #expect(failed.attemptsRemaining == 2)
            #expect(try await client.checkIdentityVerification().attemptsRemaining == 2)

            let posts = try proxy.passages().filter { $0.method == "POST" }
            #expect(posts.count == 4, "\(posts)")
            for path in Set(posts.map(\.path)) {
                let tries = posts.filter { $0.path == path }
                #expect(tries.count == 2 && tries[0].lost && tries.last?.replayed == true, "\(path): \(tries)")
                #expect(tries[0].key != nil && tries[0].key == tries.last?.key, "\(path): one key for both tries")
            }
            #expect(try proxy.passages().filter { $0.method == "GET" }.allSatisfy { $0.key == nil })
        }
    }

    @Test func aDeviceCodeWhoseAnswerWasLostIsSentOnce() async throws {
        try await withCertification { harness in
            let proxy = try AnswerLosingProxy(target: harness.url, lose: 1)
            defer { proxy.stop() }
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("verity-keys-\(UUID().uuidString)")
            let (app, environment) = (harness.app, harness.environment)
            let client = CertificationClient(baseURL: proxy.url, entity: CertificationHarness.entity, keyStore: try FileKeyStore(directory: directory),
                                             requestTimeout: TestDeadlines.requestTimeout, retries: Self.quickRetries) {
                try await app.operations.identity.mintToken(tenant: app.tenant, environment: environment, userRef: "retried-device", ttlSeconds: nil,
                                                   phoneNumber: nil, email: nil).token
            }
            try await harness.sendCode(client)
            // One code sent, not two: the retry got the first answer.
            #expect(try await OutboxMessageModel.query(on: app.app.db).count() == 1)
            let posts = try proxy.passages().filter { $0.method == "POST" }
            #expect(posts.count == 2 && posts[0].lost && posts[1].replayed && posts[0].key != nil && posts[0].key == posts[1].key, "\(posts)")

            try await client.verifyUserDevice(verificationCode: try await harness.lastCode())
            #expect(try await client.currentUser().status == .unregistered)
        }
    }
}
