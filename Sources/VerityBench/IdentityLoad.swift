import Dispatch
import Foundation

/// `verifyIdentity` load against one server: fresh consenting users, then
/// verifications closed-loop (N clients) or open-loop (a fixed rate, latency
/// from each request's scheduled time). Every verification is a fresh user,
/// so each one is a real attempt: charge, registry lookup, settle.
struct IdentityLoad: Sendable {
    let client: BenchClient
    let secretKey: String

    /// Fresh users with consent, prepared before any timing starts.
    func prepare(count: Int, prefix: String) async throws -> [String] {
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

    func closedLoop(tokens: [String], concurrency: Int) async throws -> LatencyStats {
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

    func openLoop(tokens: [String], rate: Int) async throws -> LatencyStats {
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
