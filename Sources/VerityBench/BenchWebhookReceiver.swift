import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix

/// A webhook receiver for the bench, in process and on loopback: it answers
/// every delivery 200 at once and notes when each arrived beside the event's
/// own `createdAtEpochMs`, so delivery latency is measured from the outcome
/// to the receiver (both clocks are this machine's). It keeps each body as it
/// came and reads it only when asked (`arrivals(from:)`, after a round): the
/// receiver shares the machine with the server it measures, and a real one
/// runs elsewhere. For the same reason it listens on a thread of its own:
/// on the bench's shared event loops, every delivery it read queued ahead of
/// the load's own answers, and slowed the closed loop it was measuring.
final class BenchWebhookReceiver: Sendable {
    struct Arrival: Sendable {
        let eventID: String
        let createdAtEpochMs: Int64
        let arrivedAtEpochMs: Int64
    }

    private let bodies = NIOLockedValueBox<[(body: ByteBuffer, arrivedAtEpochMs: Int64)]>([])
    private let channel: NIOLockedValueBox<(any Channel)?> = .init(nil)
    private let loop = MultiThreadedEventLoopGroup(numberOfThreads: 1)

    /// Starts listening on 127.0.0.1; returns the port.
    func start() async throws -> Int {
        let bootstrap = ServerBootstrap(group: loop)
            .serverChannelOption(.backlog, value: 256)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.pipeline.configureHTTPServerPipeline().flatMap {
                    channel.pipeline.addHandler(Handler(receiver: self))
                }
            }
        let bound = try await bootstrap.bind(host: "127.0.0.1", port: 0).get()
        channel.withLockedValue { $0 = bound }
        return bound.localAddress?.port ?? 0
    }

    func stop() async {
        try? await channel.withLockedValue { $0 }?.close()
        try? await loop.shutdownGracefully()
    }

    /// How many deliveries have arrived so far.
    var count: Int { bodies.withLockedValue { $0.count } }

    /// The deliveries that arrived after the first `start`, read.
    func arrivals(from start: Int) -> [Arrival] {
        struct Event: Decodable { let id: String; let createdAtEpochMs: Int64 }
        return bodies.withLockedValue { Array($0.dropFirst(start)) }.compactMap { received in
            guard let event = try? JSONDecoder().decode(Event.self, from: Data(received.body.readableBytesView)) else { return nil }
            return Arrival(eventID: event.id, createdAtEpochMs: event.createdAtEpochMs, arrivedAtEpochMs: received.arrivedAtEpochMs)
        }
    }

    fileprivate func record(_ body: ByteBuffer) {
        let now = Int64(Date().timeIntervalSince1970 * 1000)
        bodies.withLockedValue { $0.append((body, now)) }
    }

    private final class Handler: ChannelInboundHandler, @unchecked Sendable {
        typealias InboundIn = HTTPServerRequestPart
        typealias OutboundOut = HTTPServerResponsePart
        let receiver: BenchWebhookReceiver
        private var body = ByteBuffer()
        private var keepAlive = true

        init(receiver: BenchWebhookReceiver) { self.receiver = receiver }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            switch unwrapInboundIn(data) {
            case .head(let head):
                body.clear()
                keepAlive = head.isKeepAlive
            case .body(var chunk):
                body.writeBuffer(&chunk)
            case .end:
                receiver.record(body)
                body = ByteBuffer()
                var headers = HTTPHeaders([("Content-Length", "2"), ("Content-Type", "text/plain")])
                if !keepAlive { headers.add(name: "Connection", value: "close") }
                context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: .ok, headers: headers))), promise: nil)
                context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(string: "ok")))), promise: nil)
                let close = !keepAlive
                context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in if close { context.close(promise: nil) } }
            }
        }
    }
}
