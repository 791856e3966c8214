import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
import Vapor

/// Verity's HTTP/1 server, in place of Vapor's: the same app and responder,
/// with the guards Vapor's pipeline has no place for (issue 66): caps on
/// connections in total and per address with a probe lane past them, head,
/// idle and body timeouts with a minimum body rate (`RequestReadClock`),
/// route body limits and large-body slots decided from the head, before a
/// byte of the body is read (`ConnectionHandler`). It reads its address, TLS,
/// backlog and shutdown wait from `app.http.server.configuration`.
package final class VerityHTTPServer: Server, Sendable {
    private let application: Application
    private let limits: ConnectionLimits
    private let proxies: TrustedProxies
    private let state = NIOLockedValueBox(Listening())

    private struct Listening {
        var channel: (any Channel)?
        var connections: [ObjectIdentifier: any Channel] = [:]
        var ledger: ConnectionLedger?
        /// Made when someone waits for the stop (Vapor's `serve` command does; Verity's does not).
        var stopped: EventLoopPromise<Void>?
        var hasStopped = false
    }

    package init(application: Application, limits: ConnectionLimits, proxies: TrustedProxies = TrustedProxies()) {
        self.application = application
        self.limits = limits
        self.proxies = proxies
    }

    package var onShutdown: EventLoopFuture<Void> {
        state.withLockedValue { listening in
            if listening.hasStopped { return application.eventLoopGroup.any().makeSucceededVoidFuture() }
            let promise = listening.stopped ?? application.eventLoopGroup.any().makePromise()
            listening.stopped = promise
            return promise.futureResult
        }
    }

    /// Where it listens, once started.
    var localAddress: SocketAddress? { state.withLockedValue { $0.channel?.localAddress } }

    /// Connections served now (the probe lane not counted).
    var openConnections: Int { state.withLockedValue { $0.ledger?.open ?? 0 } }

    package func start(address: BindAddress?) async throws {
        try await bind(address).get()
    }

    @available(*, noasync)
    package func start(address: BindAddress?) throws {
        try bind(address).wait()
    }

    private func bind(_ address: BindAddress?) -> EventLoopFuture<Void> {
        let configuration = application.http.server.configuration
        let maxConnections = limits.connectionsFitting(descriptors: DescriptorLimit.current.soft)
        if maxConnections < limits.maxConnections {
            application.logger.warning("fewer connections than VERITY_MAX_CONNECTIONS: the open-files limit leaves room for these",
                                       metadata: ["connections": .stringConvertible(maxConnections)])
        }
        let ledger = ConnectionLedger(limits: limits, maxConnections: maxConnections)
        let shared = ConnectionContext(application: application, limits: limits, ledger: ledger, proxies: proxies)
        let tls: NIOSSLContext?
        do {
            tls = try configuration.tlsConfiguration.map { try NIOSSLContext(configuration: $0) }
        } catch {
            return application.eventLoopGroup.any().makeFailedFuture(error)
        }
        let bootstrap = ServerBootstrap(group: application.eventLoopGroup)
            .serverChannelOption(.backlog, value: Int32(configuration.backlog))
            .serverChannelOption(.socketOption(.so_reuseaddr), value: configuration.reuseAddress ? 1 : 0)
            .childChannelOption(.tcpOption(.tcp_nodelay), value: configuration.tcpNoDelay ? 1 : 0)
            .childChannelOption(.allowRemoteHalfClosure, value: false)
            .childChannelInitializer { [self] channel in
                channel.eventLoop.makeCompletedFuture { try self.prepare(channel, shared: shared, tls: tls) }
            }
        let chosen = address ?? configuration.address
        let bound: EventLoopFuture<any Channel>
        let description: String
        let scheme = tls == nil ? "http" : "https"
        switch chosen {
        case .hostname(let host, let port):
            let host = host ?? configuration.hostname, port = port ?? configuration.port
            bound = bootstrap.bind(host: host, port: port)
            description = "\(scheme)://\(host):\(port)"
        case .unixDomainSocket(let path):
            bound = bootstrap.bind(unixDomainSocketPath: path)
            description = "\(scheme)+unix: \(path)"
        }
        return bound.map { [self] channel in
            state.withLockedValue {
                $0.channel = channel
                $0.ledger = ledger
            }
            configuration.logger.notice("Server started on \(description)")
        }
    }

    /// A new connection's pipeline, by where the ledger puts it.
    private func prepare(_ channel: any Channel, shared: ConnectionContext, tls: NIOSSLContext?) throws {
        let address = ClientAddress.key(of: channel.remoteAddress)
        let admission = shared.ledger.admit(address)
        let id = ObjectIdentifier(channel)
        state.withLockedValue { $0.connections[id] = channel }
        channel.closeFuture.whenComplete { [self] _ in
            shared.ledger.release(admission, address)
            state.withLockedValue { _ = $0.connections.removeValue(forKey: id) }
        }
        let pipeline = channel.pipeline.syncOperations
        if admission == .refused {
            VerityMetrics.connectionDropped("refused")
            try pipeline.addHandler(RefusedConnectionHandler(application: application, plaintext: tls == nil))
            return
        }
        let clock = RequestReadClock(limits: limits,
                                     headerSeconds: admission == .probesOnly ? min(ConnectionLimits.probeHeaderSeconds, limits.headerSeconds) : nil)
        if let tls { try pipeline.addHandler(NIOSSLServerHandler(context: tls)) }
        try pipeline.addHandler(ReadActivityHandler(clock: clock))
        try pipeline.configureHTTPServerPipeline(withPipeliningAssistance: true, withErrorHandling: true)
        try pipeline.addHandler(ConnectionHandler(shared: shared, admission: admission, clock: clock))
    }

    package func shutdown() async {
        guard let listener = state.withLockedValue({ listening in defer { listening.channel = nil }; return listening.channel }) else {
            return
        }
        try? await listener.close()
        // Idle connections close now; busy ones once their answer is written.
        for connection in state.withLockedValue({ Array($0.connections.values) }) {
            connection.pipeline.fireUserInboundEventTriggered(ServerDraining())
        }
        let wait = application.http.server.configuration.shutdownTimeout
        let deadline = NIODeadline.now() + wait
        while NIODeadline.now() < deadline, state.withLockedValue({ !$0.connections.isEmpty }) {
            try? await Task.sleep(for: .milliseconds(20))
        }
        for connection in state.withLockedValue({ Array($0.connections.values) }) {
            try? await connection.close()
        }
        state.withLockedValue { listening in
            listening.hasStopped = true
            return listening.stopped
        }?.succeed(())
    }

    @available(*, noasync)
    package func shutdown() {
        let done = DispatchSemaphore(value: 0)
        Task { [self] in
            await shutdown()
            done.signal()
        }
        done.wait()
    }
}

extension HTTPServer.Configuration {
    fileprivate var address: BindAddress { .hostname(hostname, port: port) }
}

/// Past every cap: a 503 before anything is read (on a TLS port, only the
/// close), so the descriptor is free again at once.
final class RefusedConnectionHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let application: Application
    private let plaintext: Bool

    init(application: Application, plaintext: Bool) {
        self.application = application
        self.plaintext = plaintext
    }

    func channelActive(context: ChannelHandlerContext) {
        guard plaintext else {
            context.close(promise: nil)
            return
        }
        let request = Request(application: application, method: .GET, url: "/", on: context.eventLoop)
        let response = APIErrorMiddleware.response(
            for: .overloaded("the server is holding as many connections as it takes: try again shortly", retryAfter: LargeBodies.retryAfterSeconds),
            request: request)
        var text = "HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\n"
        for (name, value) in response.headers where name.lowercased() != "content-length" { text += "\(name): \(value)\r\n" }
        let body = response.body.string ?? ""
        text += "Content-Length: \(body.utf8.count)\r\n\r\n" + body
        context.writeAndFlush(wrapOutboundOut(context.channel.allocator.buffer(string: text))).whenComplete { _ in
            context.close(promise: nil)
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {}
}

package enum VerityHTTPServerKey: StorageKey { package typealias Value = VerityHTTPServer }

extension Application {
    /// The server `VerityApp.configure` set up, once configured.
    var verityHTTPServer: VerityHTTPServer? { storage[VerityHTTPServerKey.self] }
}
