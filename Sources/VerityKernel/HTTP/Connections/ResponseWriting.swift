import Foundation
import NIOCore
import NIOHTTP1
import Vapor

/// Writes a Vapor `Response` as HTTP/1 parts: its head with `Date` and
/// `Connection`, then its body (none for HEAD, 204 and 304). A body streamed
/// by its producer is collected first: Verity's answers are small.
enum ResponseWriting {
    static func write(_ response: Response, to request: HTTPRequestHead, keepAlive: Bool,
                      context: ChannelHandlerContext) -> EventLoopFuture<Void> {
        let eventLoop = context.eventLoop
        let bounded = NIOLoopBound(context, eventLoop: eventLoop)
        let body: EventLoopFuture<ByteBuffer?> = response.body.buffer.map { eventLoop.makeSucceededFuture($0) }
            ?? (response.body.count == 0 ? eventLoop.makeSucceededFuture(nil) : response.body.collect(on: eventLoop))
        return body.hop(to: eventLoop).flatMap { buffer in
            let context = bounded.value
            var headers = response.headers
            headers.replaceOrAdd(name: .date, value: HTTPDate.now())
            headers.replaceOrAdd(name: .connection, value: keepAlive ? "keep-alive" : "close")
            let bodyless = request.method == .HEAD || response.status == .noContent || response.status == .notModified
                || response.status.code < 200
            if !bodyless || request.method == .HEAD {
                headers.remove(name: .transferEncoding)
                if !headers.contains(name: .contentLength) || buffer != nil {
                    headers.replaceOrAdd(name: .contentLength, value: String(buffer?.readableBytes ?? 0))
                }
            }
            context.write(NIOAny(HTTPServerResponsePart.head(HTTPResponseHead(version: request.version, status: response.status,
                                                                               headers: headers))), promise: nil)
            if !bodyless, let buffer, buffer.readableBytes > 0 {
                context.write(NIOAny(HTTPServerResponsePart.body(.byteBuffer(buffer))), promise: nil)
            }
            return context.writeAndFlush(NIOAny(HTTPServerResponsePart.end(nil)))
        }
    }
}

/// RFC 9110's IMF-fixdate, for the `Date` header.
enum HTTPDate {
    private static let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    static func now() -> String {
        var seconds = time(nil)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        return String(format: "%@, %02d %@ %04d %02d:%02d:%02d GMT", days[Int(parts.tm_wday)], parts.tm_mday, months[Int(parts.tm_mon)],
                      parts.tm_year + 1900, parts.tm_hour, parts.tm_min, parts.tm_sec)
    }
}
