import NIOCore

/// Tells the connection's `RequestReadClock` of every byte a client sends,
/// before the HTTP decoder: a head dribbled one byte at a time is bytes
/// arriving but no request yet.
final class ReadActivityHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private let clock: RequestReadClock

    init(clock: RequestReadClock) {
        self.clock = clock
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        clock.bytesArrived(unwrapInboundIn(data).readableBytes)
        context.fireChannelRead(data)
    }
}
