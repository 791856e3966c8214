import Foundation
import Logging
import NIOCore
import NIOHTTP1
import NIOPosix
import Vapor

/// `/metrics` on a port of its own (`VERITY_METRICS_PORT`, 9464 on
/// 127.0.0.1 by default): a listener that answers `GET /metrics` and nothing
/// else, so the API's port can face the internet while Prometheus scrapes
/// from inside. Started with the server.
package final class MetricsServer: LifecycleHandler, @unchecked Sendable {
    package let host: String
    package let port: Int
    /// Whether the port was chosen: if so, a port taken stops the server;
    /// the default one, taken by another server on the machine, is warned about.
    let required: Bool
    let page: MetricsPage
    package let logger: Logger
    private var channel: (any Channel)?

    package init(host: String, port: Int, required: Bool, page: MetricsPage, logger: Logger) {
        self.host = host
        self.port = port
        self.required = required
        self.page = page
        self.logger = logger
    }

    package func didBootAsync(_ application: Application) async throws {
        let page = self.page
        do {
            channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
                .childChannelInitializer { channel in
                    channel.pipeline.configureHTTPServerPipeline().flatMap { channel.pipeline.addHandler(Handler(page: page)) }
                }
                .bind(host: host, port: port).get()
        } catch where !required {
            logger.warning("metrics not served: the default port is taken (another server on this machine?); set VERITY_METRICS_PORT",
                           metadata: ["address": .string("\(host):\(port)")])
            return
        }
        logger.notice("metrics listening", metadata: ["address": .string("\(host):\(port)")])
    }

    package func shutdownAsync(_ application: Application) async {
        try? await channel?.close()
    }

    private final class Handler: ChannelInboundHandler, @unchecked Sendable {
        typealias InboundIn = HTTPServerRequestPart
        typealias OutboundOut = HTTPServerResponsePart
        let page: MetricsPage
        private var head: HTTPRequestHead?

        init(page: MetricsPage) { self.page = page }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            switch unwrapInboundIn(data) {
            case .head(let head): self.head = head
            case .body: break
            case .end:
                guard let head else { return }
                let found = head.method == .GET && (head.uri == "/metrics" || head.uri.hasPrefix("/metrics?"))
                let promise = context.eventLoop.makePromise(of: String.self)
                if found { promise.completeWithTask { [page] in await page.render() } } else { promise.succeed("not found\n") }
                let keepAlive = head.isKeepAlive
                promise.futureResult.whenSuccess { text in
                    var headers = HTTPHeaders([("Content-Type", found ? MetricsPage.contentType : "text/plain"),
                                               ("Content-Length", String(text.utf8.count))])
                    if !keepAlive { headers.add(name: "Connection", value: "close") }
                    context.write(self.wrapOutboundOut(.head(HTTPResponseHead(version: head.version, status: found ? .ok : .notFound,
                                                                             headers: headers))), promise: nil)
                    context.write(self.wrapOutboundOut(.body(.byteBuffer(ByteBuffer(string: text)))), promise: nil)
                    context.writeAndFlush(self.wrapOutboundOut(.end(nil))).whenComplete { _ in
                        if !keepAlive { context.close(promise: nil) }
                    }
                }
            }
        }
    }
}
