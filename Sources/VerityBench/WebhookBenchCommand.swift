import ArgumentParser
import AsyncHTTPClient
import Dispatch
import Foundation
import VerityAPI

/// `verifyIdentity` throughput with webhooks off and on, in alternating rounds
/// against one server (off, on, on, off, …), and the delivery latency from
/// each outcome (`createdAtEpochMs`) to the receiver. "On" is one endpoint
/// subscribed to every event, an in-process receiver on loopback answering
/// at once. Each "on" round waits for its deliveries before the next round
/// starts, so no round is charged for another's deliveries.
struct WebhookBenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "webhooks",
                                                    abstract: "verifyIdentity with webhooks off and on, and delivery latency.")

    @Option(help: "Verity base URL.") var baseURL: String
    @Option(help: "Secret key of the environment to use (it must allow private webhook addresses, as the demo's does).")
    var secretKey: String
    @Option(help: "Concurrent clients.") var concurrency: Int = 16
    @Option(help: "Verifications per round.") var requests: Int = 2000
    @Option(help: "Pairs of rounds (off and on).") var pairs: Int = 2
    @Option(help: "Seconds to wait for a round's deliveries.") var deliveryTimeout: Int = 180
    @Option(help: "Label printed with the results.") var label: String = "verity"
    @Option(help: "The server's process id: its CPU time per verification is reported, off and on.") var serverPid: Int?

    func run() async throws {
        try await BenchClient.withHTTPClient(concurrency: concurrency) { http in
            let receiver = BenchWebhookReceiver()
            do {
                let port = try await receiver.start()
                try await measure(http, receiver: receiver, port: port)
                await receiver.stop()
            } catch {
                await receiver.stop()
                throw error
            }
        }
    }

    func measure(_ http: HTTPClient, receiver: BenchWebhookReceiver, port: Int) async throws {
        let client = BenchClient(http: http, baseURL: baseURL)
        let load = IdentityLoad(client: client, secretKey: secretKey)
        let run = UUID().uuidString.prefix(8)
        let endpoint = try await client.send(.POST, WebhookRoute.endpoints.path, bearer: secretKey,
                                             body: WebhookEndpointInput(url: "http://127.0.0.1:\(port)/bench", description: "bench"),
                                             as: WebhookEndpointSecret.self).endpoint
        func listen(_ on: Bool) async throws {
            let route: WebhookRoute = on ? .enable(id: endpoint.id.uuidString) : .disable(id: endpoint.id.uuidString)
            _ = try await client.send(.POST, route.path, bearer: secretKey, body: Optional<WebhookEndpointInput>.none,
                                      as: WebhookEndpointView.self)
        }
        try await listen(false)
        _ = try await load.closedLoop(tokens: try await load.prepare(count: 50, prefix: "warm-\(run)"), concurrency: concurrency)

        var off: [Double] = [], on: [Double] = []
        var latencies = LatencyStats()
        // off, on, on, off, off, on, …: neither side always goes first.
        let order = (0..<pairs).flatMap { $0 % 2 == 0 ? [false, true] : [true, false] }
        for (round, listening) in order.enumerated() {
            try await listen(listening)
            let tokens = try await load.prepare(count: requests, prefix: "r\(round)-\(run)")
            let before = receiver.count
            let cpuBefore = serverPid.flatMap(Self.cpuMilliseconds)
            let ownBefore = Self.cpuMilliseconds(Int(getpid())), machineBefore = Self.machineBusyMilliseconds()
            let stealBefore = Self.stolenMilliseconds()
            let started = DispatchTime.now().uptimeNanoseconds
            _ = try await load.closedLoop(tokens: tokens, concurrency: concurrency)
            let throughput = Double(tokens.count) / (milliseconds(since: started) / 1000)
            if listening {
                // One identity_verification.decided per verification: the round ends when they have all arrived.
                let deadline = Date().addingTimeInterval(Double(deliveryTimeout))
                while receiver.count - before < tokens.count, Date() < deadline { try await Task.sleep(for: .milliseconds(100)) }
            }
            // CPU for the round, its deliveries included: the server's; this
            // process's (the clients and the receiver); the whole machine's
            // (a database server's too). On a machine this bench saturates,
            // the ratio follows the machine's CPU per verification.
            var cpu = ""
            let perVerification = { (milliseconds: Int64) in Double(milliseconds) / Double(tokens.count) }
            if let cpuBefore, let pid = serverPid, let cpuAfter = Self.cpuMilliseconds(pid) {
                cpu += String(format: " server_cpu=%.2fms/verification", perVerification(cpuAfter - cpuBefore))
            }
            if let ownBefore, let ownAfter = Self.cpuMilliseconds(Int(getpid())) {
                cpu += String(format: " bench_cpu=%.2fms", perVerification(ownAfter - ownBefore))
            }
            if let machineBefore, let machineAfter = Self.machineBusyMilliseconds() {
                cpu += String(format: " machine_cpu=%.2fms", perVerification(machineAfter - machineBefore))
            }
            // Time the hypervisor gave this machine's cores to other guests:
            // a round with much of it ran on a disturbed machine.
            if let stealBefore, let stealAfter = Self.stolenMilliseconds() {
                cpu += String(format: " steal=%.1fs", Double(stealAfter - stealBefore) / 1000)
            }
            print(String(format: "%@ round %d webhooks %@: throughput=%.1f/s%@", label, round + 1, listening ? "on" : "off", throughput, cpu))
            guard listening else {
                // A round with the endpoint disabled sends nothing (the one before it was waited for).
                guard receiver.count == before else {
                    throw BenchClient.Failure(description: "\(receiver.count - before) deliveries arrived in a round with webhooks off")
                }
                off.append(throughput)
                continue
            }
            on.append(throughput)
            let arrived = receiver.arrivals(from: before)
            guard arrived.count >= tokens.count else {
                throw BenchClient.Failure(description: "\(arrived.count) of \(tokens.count) deliveries arrived in \(deliveryTimeout) s")
            }
            for arrival in arrived { latencies.add(Double(arrival.arrivedAtEpochMs - arrival.createdAtEpochMs)) }
        }
        try await listen(false)
        let meanOff = off.reduce(0, +) / Double(off.count), meanOn = on.reduce(0, +) / Double(on.count)
        // Each pair's own ratio too: one disturbed round (see its steal) moves
        // the means, and shows here as one pair out of line.
        let pairRatios = zip(on, off).map { String(format: "%.2f", $0 / $1) }.joined(separator: "/")
        print(String(format: "%@ webhooks: off=%.1f/s on=%.1f/s ratio=%.3f pairs=%@ deliveries=%d p50=%.0fms p95=%.0fms p99=%.0fms max=%.0fms",
                     label, meanOff, meanOn, meanOn / meanOff, pairRatios, latencies.samples.count, latencies.percentile(50),
                     latencies.percentile(95), latencies.percentile(99), latencies.percentile(100)))
    }

    /// The machine's busy CPU time so far, all cores (every field of
    /// `/proc/stat`'s `cpu` line but idle and iowait), in milliseconds.
    static func machineBusyMilliseconds() -> Int64? {
        guard let fields = machineCPUMilliseconds(), fields.count >= 5 else { return nil }
        // user nice system idle iowait irq softirq steal (guest time is inside user already).
        return fields.prefix(8).enumerated().filter { $0.offset != 3 && $0.offset != 4 }.map(\.element).reduce(0, +)
    }

    /// CPU time stolen from this machine so far, all cores (`/proc/stat`'s
    /// `steal`), in milliseconds.
    static func stolenMilliseconds() -> Int64? {
        guard let fields = machineCPUMilliseconds(), fields.count >= 8 else { return nil }
        return fields[7]
    }

    /// The fields of Linux's `/proc/stat` `cpu` line (all cores), in milliseconds.
    private static func machineCPUMilliseconds() -> [Int64]? {
        guard let stat = try? String(contentsOfFile: "/proc/stat", encoding: .utf8),
              let line = stat.split(separator: "\n").first(where: { $0.hasPrefix("cpu ") }) else { return nil }
        let ticks = max(Int64(sysconf(Int32(_SC_CLK_TCK))), 1)
        return line.split(separator: " ").dropFirst().compactMap { Int64($0) }.map { $0 * 1000 / ticks }
    }

    /// A process's user and system CPU time so far (Linux `/proc`), in milliseconds.
    static func cpuMilliseconds(_ pid: Int) -> Int64? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        // Fields after the command's closing parenthesis; utime and stime are the 14th and 15th of the line.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 13, let user = Int64(fields[11]), let system = Int64(fields[12]) else { return nil }
        let ticks = Int64(sysconf(Int32(_SC_CLK_TCK)))
        return (user + system) * 1000 / max(ticks, 1)
    }
}
