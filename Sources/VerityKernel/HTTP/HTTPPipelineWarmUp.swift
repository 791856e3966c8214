import NIOCore
import NIOHTTP1

/// Makes the Swift runtime build the type metadata of the HTTP/1 pipeline's
/// generic handlers once, on one thread, before the server accepts a
/// connection.
///
/// Why: `make reliability` once saw a server restarted under load crash on
/// its first two connections, accepted at the same instant on two event
/// loops: both threads were instantiating `ByteToMessageHandler<HTTPRequestDecoder>`
/// (Vapor's `addVaporHTTP1Handlers`) and one read metadata the other had not
/// finished (`swift_checkMetadataState`, a null dereference). Metadata built
/// here is complete and cached before any event loop needs it, so those
/// connections only look it up.
public enum HTTPPipelineWarmUp {
    public static func run() {
        _ = ByteToMessageHandler(HTTPRequestDecoder(leftOverBytesStrategy: .forwardBytes))
        _ = HTTPResponseEncoder()
        _ = HTTPServerPipelineHandler()
        _ = NIOCloseOnErrorHandler()
        _ = HTTPServerRequestPart.end(nil)
        _ = HTTPServerResponsePart.end(nil)
        _ = HTTPPart<HTTPResponseHead, ByteBuffer>.end(nil)
    }
}
