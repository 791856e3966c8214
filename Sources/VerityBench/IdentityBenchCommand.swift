import ArgumentParser
import AsyncHTTPClient
import Dispatch
import Foundation

/// Drives `verifyIdentity` against a running Verity: first closed-loop with
/// N concurrent clients (throughput, p50, p99), then optionally open-loop at
/// a fixed rate (latency measured from each request's scheduled time, so a
/// slow server cannot hide its queueing). Every verification is a fresh user,
/// so each one is a real attempt: charge, registry lookup, settle.
struct IdentityBenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "identity", abstract: "verifyIdentity against a running server.")

    @Option(help: "Verity base URL.") var baseURL: String
    @Option(help: "Secret key of the environment to use.") var secretKey: String
    @Option(help: "Concurrent clients in the closed-loop run.") var concurrency: Int = 16
    @Option(help: "Verifications in the closed-loop run.") var requests: Int = 4000
    @Option(help: "Fixed rate for the open-loop run (0 to skip).") var rate: Int = 0
    @Option(help: "Seconds of the open-loop run.") var rateSeconds: Int = 5
    @Option(help: "Label printed with the results.") var label: String = "verity"

    func run() async throws {
        var configuration = HTTPClient.Configuration()
        configuration.connectionPool = .init(idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: max(concurrency, 64))
        let http = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        do {
            try await measure(http)
            try await http.shutdown()
        } catch {
            try? await http.shutdown()
            throw error
        }
    }

    func measure(_ http: HTTPClient) async throws {
        let client = BenchClient(http: http, baseURL: baseURL)
        let run = UUID().uuidString.prefix(8)

        let warm = try await prepare(client, count: 50, prefix: "warm-\(run)")
        _ = try await closedLoop(client, tokens: warm, concurrency: concurrency)

        let tokens = try await prepare(client, count: requests, prefix: "bench-\(run)")
        // A marker for profilers: from here on only verifications run.
        FileHandle.standardError.write(Data("measuring\n".utf8))
        let started = DispatchTime.now().uptimeNanoseconds
        let stats = try await closedLoop(client, tokens: tokens, concurrency: concurrency)
        let seconds = milliseconds(since: started) / 1000
        let throughput = Double(tokens.count) / seconds
        print(String(format: "%@ closed-loop: clients=%d verifications=%d throughput=%.1f/s p50=%.2fms p99=%.2fms",
                     label, concurrency, tokens.count, throughput, stats.percentile(50), stats.percentile(99)))

        if rate > 0 {
            let open = try await prepare(client, count: rate * rateSeconds, prefix: "rate-\(run)")
            let openStats = try await openLoop(client, tokens: open, rate: rate)
            print(String(format: "%@ open-loop: rate=%d/s verifications=%d p50=%.2fms p99=%.2fms",
                         label, rate, open.count, openStats.percentile(50), openStats.percentile(99)))
        }
    }

    /// Fresh users with consent, prepared before any timing starts.
    func prepare(_ client: BenchClient, count: Int, prefix: String) async throws -> [String] {
        try await withThrowingTaskGroup(of: [String].self) { group in
            let workers = 8
            for worker in 0..<workers {
                group.addTask {
                    var tokens: [String] = []
                    for index in stride(from: worker, to: count, by: workers) {
                        tokens.append(try await client.preparedUser("\(prefix)-\(index)", secretKey: secretKey))
                    }
                    return tokens
                }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
    }

    func closedLoop(_ client: BenchClient, tokens: [String], concurrency: Int) async throws -> LatencyStats {
        try await withThrowingTaskGroup(of: LatencyStats.self) { group in
            for worker in 0..<concurrency {
                group.addTask {
                    var stats = LatencyStats()
                    for index in stride(from: worker, to: tokens.count, by: concurrency) {
                        let start = DispatchTime.now().uptimeNanoseconds
                        guard try await client.verify(token: tokens[index]) else {
                            throw BenchClient.Failure(description: "a verification did not verify")
                        }
                        stats.add(milliseconds(since: start))
                    }
                    return stats
                }
            }
            return try await group.reduce(into: LatencyStats()) { $0.merge($1) }
        }
    }

    func openLoop(_ client: BenchClient, tokens: [String], rate: Int) async throws -> LatencyStats {
        let interval = 1_000_000_000 / UInt64(rate)
        let origin = DispatchTime.now().uptimeNanoseconds
        return try await withThrowingTaskGroup(of: Double.self) { group in
            for (index, token) in tokens.enumerated() {
                let scheduled = origin + UInt64(index) * interval
                let now = DispatchTime.now().uptimeNanoseconds
                if scheduled > now { try await Task.sleep(nanoseconds: scheduled - now) }
                group.addTask {
                    guard try await client.verify(token: token) else {
                        throw BenchClient.Failure(description: "a verification did not verify")
                    }
                    return milliseconds(since: scheduled)
                }
            }
            return try await group.reduce(into: LatencyStats()) { $0.add($1) }
        }
    }
}
