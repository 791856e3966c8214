import ArgumentParser
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix
import Verity

/// What the SDK costs its caller while the service thinks: the process's CPU
/// per call to a server that answers after `--answer-ms`, through the SDK's
/// default transport and, as the baseline, through `URLSession.shared`
/// (FoundationNetworking on Linux, which spins while it waits for the answer
/// to the first request on a new connection). Measured twice: on kept-alive
/// connections, and with the server closing each connection after its answer
/// (as load balancers and idle timeouts do). The server is in process and
/// answers from a timer, so the CPU measured is the clients'.
struct SDKWaitBenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sdk-wait", abstract: "The SDK's CPU per call while the service takes its time, against URLSession.shared.")

    @Option(help: "Calls per transport.") var requests = 24
    @Option(help: "Calls in flight at once.") var concurrency = 4
    @Option(name: .customLong("answer-ms"), help: "How long the server takes to answer.") var answerMilliseconds = 500

    func run() async throws {
        for closing in [false, true] {
            let server = SlowAnswerServer(delay: .milliseconds(Int64(answerMilliseconds)), closeEachConnection: closing)
            let url = try loopbackURL(port: try await server.start())
            // Warm both (lazy set-up) before measuring.
            _ = try await IdentityVerificationClient(baseURL: url, token: "bench").listSupportedCountries()
            _ = try await IdentityVerificationClient(baseURL: url, token: "bench", session: .shared).listSupportedCountries()
            let baseline = try await measure(IdentityVerificationClient(baseURL: url, token: "bench", session: .shared))
            let sdk = try await measure(IdentityVerificationClient(baseURL: url, token: "bench"))
            await server.stop()
            let connections = closing ? "new" : "kept"
            print(String(format: "%@ connections: URLSession.shared %.1f ms CPU per call, SDK default %.1f ms (%d calls, %d at once, each answered after %d ms)",
                         connections, baseline.cpuPerCall * 1000, sdk.cpuPerCall * 1000, requests, concurrency, answerMilliseconds))
            print(String(format: "sdk-wait: connections=%@ sdk_cpu_ms=%.2f urlsession_cpu_ms=%.2f ratio=%.3f", connections,
                         sdk.cpuPerCall * 1000, baseline.cpuPerCall * 1000, sdk.cpuPerCall / max(baseline.cpuPerCall, 1e-9)))
        }
    }

    private func measure(_ client: IdentityVerificationClient) async throws -> (cpuPerCall: Double, wall: Double) {
        let cpuBefore = Self.processCPUSeconds()
        let started = ContinuousClock.now
        let perWorker = max(1, requests / concurrency)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<concurrency {
                group.addTask { for _ in 0..<perWorker { _ = try await client.listSupportedCountries() } }
            }
            try await group.waitForAll()
        }
        let elapsed = ContinuousClock.now - started
        let wall = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return ((Self.processCPUSeconds() - cpuBefore) / Double(perWorker * concurrency), wall)
    }

    /// User and system CPU of this whole process so far.
    static func processCPUSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        let seconds = { (time: timeval) in Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }
}

private func loopbackURL(port: Int) throws -> URL {
    guard let url = URL(string: "http://127.0.0.1:\(port)") else { throw ValidationError("no URL for port \(port)") }
    return url
}

/// A server that answers every request `{"countries":["US"]}` after `delay`,
/// from its event loop's timer: it costs no CPU while it waits.
final class SlowAnswerServer: Sendable {
    let delay: TimeAmount
    let closeEachConnection: Bool
    private let channel = NIOLockedValueBox<(any Channel)?>(nil)

    init(delay: TimeAmount, closeEachConnection: Bool) {
        self.delay = delay
        self.closeEachConnection = closeEachConnection
    }

    func start() async throws -> Int {
        let (delay, closing) = (delay, closeEachConnection)
        let bound = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.pipeline.configureHTTPServerPipeline().flatMap { channel.pipeline.addHandler(Handler(delay: delay, closing: closing)) }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        channel.withLockedValue { $0 = bound }
        return bound.localAddress?.port ?? 0
    }

    func stop() async { try? await channel.withLockedValue { $0 }?.close() }

    private final class Handler: ChannelInboundHandler, @unchecked Sendable {
        typealias InboundIn = HTTPServerRequestPart
        typealias OutboundOut = HTTPServerResponsePart
        let delay: TimeAmount
        let closing: Bool

        init(delay: TimeAmount, closing: Bool) {
            self.delay = delay
            self.closing = closing
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            guard case .end = unwrapInboundIn(data) else { return }
            let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
            context.eventLoop.scheduleTask(in: delay) {
                let context = loopBound.value
                let body = ByteBuffer(string: #"{"countries":["US"]}"#)
                var headers = HTTPHeaders([("Content-Length", "\(body.readableBytes)"), ("Content-Type", "application/json")])
                if self.closing { headers.add(name: "Connection", value: "close") }
                context.write(self.wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: .ok, headers: headers))), promise: nil)
                context.write(self.wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
                let closing = self.closing
                context.writeAndFlush(self.wrapOutboundOut(.end(nil))).whenComplete { _ in
                    if closing { loopBound.value.close(promise: nil) }
                }
            }
        }
    }
}
