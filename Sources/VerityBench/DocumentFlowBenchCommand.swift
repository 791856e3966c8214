import ArgumentParser
import AsyncHTTPClient
import Dispatch
import Foundation
import NIOCore
import VerityAPI
import VerityCore
import VerityVision

/// End-to-end document verification against a running server: each
/// submission is a fresh user's `captureAndVerifyIdentityDocument` with the
/// same licence, timed from the request to the final status (following a
/// `pending` answer with status reads), C submissions in flight at a time.
struct DocumentFlowBenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "document-flow",
                                                    abstract: "captureAndVerifyIdentityDocument, submit to final status.")

    @Option(help: "Verity base URL.") var baseURL: String
    @Option(help: "Secret key of the environment to use.") var secretKey: String
    @Option(help: "Front of the licence.") var front: String
    @Option(help: "Back of the licence.") var back: String
    @Option(help: "Submissions in flight at a time.") var concurrency: Int = 4
    @Option(help: "Submissions measured.") var documents: Int = 24
    @Option(help: "Label printed with the results.") var label: String = "verity"

    func run() async throws {
        let http = HTTPClient(eventLoopGroupProvider: .singleton)
        do {
            try await measure(BenchClient(http: http, baseURL: baseURL))
            try await http.shutdown()
        } catch {
            try? await http.shutdown()
            throw error
        }
    }

    func measure(_ client: BenchClient) async throws {
        let input = VerifyIdentityDocumentInput(
            imageBase64: try Data(contentsOf: URL(fileURLWithPath: front)).base64EncodedString(),
            backImageBase64: try Data(contentsOf: URL(fileURLWithPath: back)).base64EncodedString(),
            country: "US", documentType: .driverLicense)
        let run = UUID().uuidString.prefix(8)
        // One warm-up check (engines' first use loads models), then the measured ones.
        for token in try await prepare(client, count: 1, prefix: "warm-\(run)") { _ = try await submit(client, token: token, input: input) }
        let tokens = try await prepare(client, count: documents, prefix: "doc-\(run)")
        let started = DispatchTime.now().uptimeNanoseconds
        let stats = try await withThrowingTaskGroup(of: LatencyStats.self) { group in
            for worker in 0..<concurrency {
                group.addTask {
                    var stats = LatencyStats()
                    for index in stride(from: worker, to: tokens.count, by: concurrency) {
                        let start = DispatchTime.now().uptimeNanoseconds
                        let status = try await submit(client, token: tokens[index], input: input)
                        guard status == .succeeded else {
                            throw BenchClient.Failure(description: "a document check ended \(status.rawValue)")
                        }
                        stats.add(milliseconds(since: start))
                    }
                    return stats
                }
            }
            return try await group.reduce(into: LatencyStats()) { $0.merge($1) }
        }
        let seconds = milliseconds(since: started) / 1000
        print(String(format: "%@ document-flow: concurrency=%d documents=%d throughput=%.2f/s p50=%.0fms p95=%.0fms",
                     label, concurrency, tokens.count, Double(tokens.count) / seconds, stats.percentile(50), stats.percentile(95)))
    }

    /// Submit, then read the status until the check has settled.
    func submit(_ client: BenchClient, token: String, input: VerifyIdentityDocumentInput) async throws -> DocumentVerificationStatus {
        var identity = try await client.send(.POST, IdentityRoute.documentCaptureAndVerify.path, bearer: token, body: input,
                                             as: VerifiedIdentity.self)
        while identity.documentVerificationStatus == .pending {
            try await Task.sleep(for: .milliseconds(50))
            identity = try await client.send(.GET, IdentityRoute.verification.path, bearer: token,
                                             body: Optional<UserTokenRequest>.none, as: VerifiedIdentity.self)
        }
        return identity.documentVerificationStatus
    }

    func prepare(_ client: BenchClient, count: Int, prefix: String) async throws -> [String] {
        var tokens: [String] = []
        for index in 0..<count { tokens.append(try await client.preparedUser("\(prefix)-\(index)", secretKey: secretKey)) }
        return tokens
    }
}

/// The engine alone on the same licence, in process, on as many threads as
/// the server's engine pool: the rate the server is measured against.
struct InspectRateBenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "inspect-rate",
                                                    abstract: "The document engine's own rate on one document, on N threads.")

    @Option(help: "Front of the licence.") var front: String
    @Option(help: "Back of the licence.") var back: String
    @Option(help: "Face models directory (the portrait checks run as in the server).") var models: String = "models"
    @Option(help: "Threads, as the server's VERITY_ENGINE_THREADS.") var threads: Int = 2
    @Option(help: "Documents read.") var documents: Int = 24

    func run() async throws {
        let frontBytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: front)))
        let backBytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: back)))
        let inspector = DocumentInspector(today: CalendarDate(iso: "2026-11-23")!, faces: try FaceEngine(modelsDirectory: models))
        _ = try inspector.inspect(front: frontBytes, back: backBytes, type: .driverLicense, country: "US")
        let started = DispatchTime.now().uptimeNanoseconds
        let latencies = try await withThrowingTaskGroup(of: LatencyStats.self) { group in
            for worker in 0..<threads {
                group.addTask {
                    var stats = LatencyStats()
                    for _ in stride(from: worker, to: documents, by: threads) {
                        let start = DispatchTime.now().uptimeNanoseconds
                        let report = try await Self.onThread { try inspector.inspect(front: frontBytes, back: backBytes,
                                                                                    type: .driverLicense, country: "US") }
                        guard report.documentUnreadable == nil else { throw BenchClient.Failure(description: "the licence was unreadable") }
                        stats.add(milliseconds(since: start))
                    }
                    return stats
                }
            }
            return try await group.reduce(into: LatencyStats()) { $0.merge($1) }
        }
        let seconds = milliseconds(since: started) / 1000
        print(String(format: "engine inspect-rate: threads=%d documents=%d throughput=%.2f/s p50=%.0fms",
                     threads, documents, Double(documents) / seconds, latencies.percentile(50)))
    }

    /// A thread of its own for each read, as the server's engine pool gives it.
    static func onThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try work() }) }.start()
        }
    }
}
