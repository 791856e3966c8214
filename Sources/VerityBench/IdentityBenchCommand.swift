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

    @Option(help: "Verity base URL; give it again for each further server on the same database (requests go to each in turn).")
    var baseURL: [String]
    @Option(help: "Secret key of the environment to use.") var secretKey: String
    @Option(help: "Concurrent clients in the closed-loop run.") var concurrency: Int = 16
    @Option(help: "Verifications in the closed-loop run.") var requests: Int = 4000
    @Option(help: "Fixed rate for the open-loop run (0 to skip).") var rate: Int = 0
    @Option(help: "Seconds of the open-loop run.") var rateSeconds: Int = 5
    @Option(help: "Label printed with the results.") var label: String = "verity"

    func run() async throws {
        try await BenchClient.withHTTPClient(concurrency: concurrency) { try await measure($0) }
    }

    func measure(_ http: HTTPClient) async throws {
        let load = IdentityLoad(client: BenchClient(http: http, baseURLs: baseURL), secretKey: secretKey)
        let run = UUID().uuidString.prefix(8)

        let warm = try await load.prepare(count: 50, prefix: "warm-\(run)")
        _ = try await load.closedLoop(tokens: warm, concurrency: concurrency)

        let tokens = try await load.prepare(count: requests, prefix: "bench-\(run)")
        // A marker for profilers: from here on only verifications run.
        FileHandle.standardError.write(Data("measuring\n".utf8))
        let started = DispatchTime.now().uptimeNanoseconds
        let stats = try await load.closedLoop(tokens: tokens, concurrency: concurrency)
        let seconds = milliseconds(since: started) / 1000
        let throughput = Double(tokens.count) / seconds
        print(String(format: "%@ closed-loop: clients=%d verifications=%d throughput=%.1f/s p50=%.2fms p99=%.2fms",
                     label, concurrency, tokens.count, throughput, stats.percentile(50), stats.percentile(99)))

        if rate > 0 {
            let open = try await load.prepare(count: rate * rateSeconds, prefix: "rate-\(run)")
            let openStats = try await load.openLoop(tokens: open, rate: rate)
            print(String(format: "%@ open-loop: rate=%d/s verifications=%d p50=%.2fms p99=%.2fms",
                         label, rate, open.count, openStats.percentile(50), openStats.percentile(99)))
        }
    }
}
