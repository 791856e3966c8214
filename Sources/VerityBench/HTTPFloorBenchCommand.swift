import ArgumentParser
import AsyncHTTPClient
import Dispatch
import Foundation
import NIOCore

/// GETs one path of a running Verity closed-loop: what the HTTP stack and the
/// middleware cost with no work behind them (`/healthz` touches no database).
/// The floor a verification's server CPU is compared with (`docs/benchmarks.md`).
struct HTTPFloorBenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "http", abstract: "GET one path of a running server, closed-loop.")

    @Option(help: "Verity base URL.") var baseURL: String
    @Option(help: "The path to GET.") var path: String = "/healthz"
    @Option(help: "Concurrent clients.") var concurrency: Int = 16
    @Option(help: "Requests in the measured run.") var requests: Int = 20_000
    @Option(help: "Label printed with the results.") var label: String = "verity"

    func run() async throws {
        try await BenchClient.withHTTPClient(concurrency: concurrency) { http in
            _ = try await closedLoop(http, count: min(requests, 1_000))
            FileHandle.standardError.write(Data("measuring\n".utf8))
            let started = DispatchTime.now().uptimeNanoseconds
            let stats = try await closedLoop(http, count: requests)
            let seconds = milliseconds(since: started) / 1000
            print(String(format: "%@ closed-loop: clients=%d requests=%d throughput=%.1f/s p50=%.2fms p99=%.2fms",
                         label, concurrency, requests, Double(requests) / seconds, stats.percentile(50), stats.percentile(99)))
        }
    }

    private func closedLoop(_ http: HTTPClient, count: Int) async throws -> LatencyStats {
        let url = baseURL + path
        return try await withThrowingTaskGroup(of: LatencyStats.self) { group in
            for worker in 0..<concurrency {
                group.addTask {
                    var stats = LatencyStats()
                    for _ in stride(from: worker, to: count, by: concurrency) {
                        let start = DispatchTime.now().uptimeNanoseconds
                        let response = try await http.execute(HTTPClientRequest(url: url), timeout: .seconds(30))
                        _ = try await response.body.collect(upTo: 1 << 20)
                        guard response.status == .ok else {
                            throw BenchClient.Failure(description: "GET \(path): HTTP \(response.status.code)")
                        }
                        stats.add(milliseconds(since: start))
                    }
                    return stats
                }
            }
            return try await group.reduce(into: LatencyStats()) { $0.merge($1) }
        }
    }
}
