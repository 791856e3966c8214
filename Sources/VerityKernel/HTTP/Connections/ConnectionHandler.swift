import NIOCore
import NIOHTTP1
import Vapor
import VerityCore

/// One HTTP/1 connection's requests. From each head it decides what the body
/// may be (its route's limit, refused with 413 before it is read):
/// - an ordinary body (up to the JSON routes' 64 KiB) is collected under
///   `RequestReadClock`'s watch, then the whole request goes to the app;
/// - a large one (an image, a document) goes to the app at once with its body
///   unread and the connection not reading (`PendingBody`): its checks run
///   first, and only a request that passes them has its body read, under one
///   of the server's large-body slots.
///
/// A request answered before its body is read is answered with
/// `Connection: close`; what the client still sends is then read and dropped
/// up to the request's end (for `lingerSeconds` at most), so it sees the
/// answer rather than a failed write or a reset.
final class ConnectionHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private enum State {
        case awaitingRequest
        /// The body is being read: for the app when `pending` is set, else to hand over with it.
        case reading(head: HTTPRequestHead, limit: Int, pending: EventLoopPromise<ByteBuffer?>?)
        /// The whole request is the app's.
        case answering
        /// Answered early or dropped: nothing more is read from this connection.
        case closing
    }

    private let shared: ConnectionContext
    private let admission: ConnectionLedger.Admission
    private let clock: RequestReadClock
    private var state = State.awaitingRequest
    private var body: ByteBuffer?
    private var ticks: RepeatedTask?
    private var draining = false
    /// Answered early: the rest of the request is read and dropped, then the connection closes.
    private var lingering = false
    private var lingerDeadline: Scheduled<Void>?
    private var requestEndSeen = false
    /// Whether the early answer said `keep-alive`: the connection serves on once the dropped body is in.
    private var keepAfterLinger = false
    /// Its body stalled or came too slowly: answered, then closed at once.
    private var dropped = false
    /// How long an early-answered client's remaining bytes are read and dropped.
    static let lingerSeconds: Int64 = 5

    init(shared: ConnectionContext, admission: ConnectionLedger.Admission, clock: RequestReadClock) {
        self.shared = shared
        self.admission = admission
        self.clock = clock
    }

    func handlerAdded(context: ChannelHandlerContext) {
        let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        ticks = context.eventLoop.scheduleRepeatedTask(initialDelay: .seconds(1), delay: .seconds(1)) { _ in
            let (handler, context) = bound.value
            handler.tick(context: context)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        stopWatching()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        stopWatching()
    }

    /// The connection is gone: no more ticks, and an app still waiting for its body is told.
    private func stopWatching() {
        ticks?.cancel()
        failPendingBody(VerityError(.invalidInput, "the client closed the connection before its body was in"))
        body = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            guard case .awaitingRequest = state else { return }
            begin(head, context: context)
        case .body(let chunk):
            guard case .reading(_, let limit, _) = state else { return }
            if (body?.readableBytes ?? 0) + chunk.readableBytes > limit {
                refuse(PendingBody.tooLarge(limit), context: context)
                return
            }
            if body == nil { body = context.channel.allocator.buffer(capacity: chunk.readableBytes) }
            body!.writeImmutableBuffer(chunk)
        case .end:
            if lingering {
                endLinger(context: context)
                return
            }
            if case .closing = state {
                // In before the early answer was written: `linger` has nothing left to read.
                requestEndSeen = true
                return
            }
            guard case .reading(let head, _, let pending) = state else { return }
            state = .answering
            clock.requestEnded()
            let whole = body.flatMap { $0.readableBytes > 0 ? $0 : nil }
            body = nil
            if let pending {
                // The whole body may have come before the app asked for it: reading is on again either way.
                context.channel.setOption(ChannelOptions.autoRead, value: true).whenFailure { _ in }
                pending.succeed(whole)
            } else {
                dispatch(head, body: whole, pending: nil, context: context)
            }
        }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is ServerDraining {
            draining = true
            if case .awaitingRequest = state { context.close(promise: nil) }
        } else {
            context.fireUserInboundEventTriggered(event)
        }
    }

    // MARK: The head

    private func begin(_ head: HTTPRequestHead, context: ChannelHandlerContext) {
        clock.headArrived()
        let path = URI(path: head.uri).path
        if admission == .probesOnly, !((head.method == .GET || head.method == .HEAD) && ConnectionContext.probePaths.contains(path)) {
            VerityMetrics.overloaded(what: "connections")
            answerEarly(.overloaded("the server is holding as many connections as it takes: try again shortly",
                                    retryAfter: LargeBodies.retryAfterSeconds), context: context)
            return
        }
        let limits = shared.bodyLimits
        let limit = limits.limit(method: head.method, path: path)
        let declared = head.headers.first(name: .contentLength).flatMap(Int.init)
        let chunked = head.headers[.transferEncoding].contains { $0.lowercased().contains("chunked") }
        body = nil
        guard limit > limits.ordinary, declared.map({ $0 > limits.ordinary }) ?? chunked else {
            if let declared, declared > limit {
                answerEarly(PendingBody.tooLarge(limit), keepAlive: head.isKeepAlive, context: context)
                return
            }
            state = .reading(head: head, limit: limit, pending: nil)
            sendContinueIfAsked(head, context: context)
            return
        }
        // A large body: not a byte more is read until the app asks for it.
        context.channel.setOption(ChannelOptions.autoRead, value: false).whenFailure { _ in }
        let arrived = context.eventLoop.makePromise(of: ByteBuffer?.self)
        let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        let eventLoop = context.eventLoop
        let pending = PendingBody(limit: limit, declared: declared, arrived: arrived) {
            eventLoop.execute {
                let (handler, context) = bound.value
                handler.startReadingBody(context: context)
            }
        }
        state = .reading(head: head, limit: limit, pending: arrived)
        // The app's checks are the server's time, not the client's.
        clock.requestEnded()
        dispatch(head, body: nil, pending: pending, context: context)
    }

    private func startReadingBody(context: ChannelHandlerContext) {
        guard case .reading(let head, _, _?) = state else { return }
        clock.headArrived()
        sendContinueIfAsked(head, context: context)
        context.channel.setOption(ChannelOptions.autoRead, value: true).whenFailure { _ in }
        context.read()
    }

    /// A client that asked `Expect: 100-continue` (curl does for large
    /// bodies) is told to send its body once the server will read it, not
    /// left to its own wait; one refused first never sends it.
    private func sendContinueIfAsked(_ head: HTTPRequestHead, context: ChannelHandlerContext) {
        guard head.version == .http1_1, head.headers[.expect].contains(where: { $0.lowercased() == "100-continue" }) else { return }
        context.writeAndFlush(wrapOutboundOut(.head(HTTPResponseHead(version: head.version, status: .continue))), promise: nil)
    }

    // MARK: The answer

    private func dispatch(_ head: HTTPRequestHead, body: ByteBuffer?, pending: PendingBody?, context: ChannelHandlerContext) {
        let application = shared.application
        let request = Request(application: application, method: head.method, url: URI(path: head.uri), version: head.version,
                              headersNoUpdate: head.headers, collectedBody: body,
                              remoteAddress: shared.proxies.client(peer: context.channel.remoteAddress, headers: head.headers),
                              logger: application.logger, byteBufferAllocator: context.channel.allocator, on: context.eventLoop)
        if let pending { request.storage[PendingBodyKey.self] = pending }
        let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        application.responder.current.respond(to: request).hop(to: context.eventLoop).whenComplete { result in
            let (handler, context) = bound.value
            let response: Response
            switch result {
            case .success(let answer):
                response = answer
            case .failure(let error):
                response = APIErrorMiddleware.response(for: APIErrorMiddleware.verityError(for: error), request: request)
            }
            handler.write(response, for: head, request: request, context: context)
        }
    }

    private func write(_ response: Response, for head: HTTPRequestHead, request: Request, context: ChannelHandlerContext) {
        // Answered before its body was in (refused by a check): the rest of the body is not read.
        let early: Bool
        if case .reading = state { early = true } else { early = false }
        if early {
            failPendingBody(VerityError(.invalidInput, "the request was answered before its body was read"))
            state = .closing
        }
        let keepAlive = head.isKeepAlive && !draining && admission == .served && !dropped
        keepAfterLinger = early && keepAlive
        let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        ResponseWriting.write(response, to: head, keepAlive: keepAlive, context: context).whenComplete { result in
            let (handler, context) = bound.value
            request.storage[LargeBodyTicketKey.self]?.release()
            if early {
                handler.linger(context: context)
            } else if case .success = result, keepAlive, context.channel.isActive {
                handler.state = .awaitingRequest
                handler.clock.answerEnded()
            } else {
                context.close(promise: nil)
            }
        }
    }

    /// Answers `error` before the request went to the app, then drops the
    /// rest of its body (`linger`): the connection serves on only when `keepAlive`.
    private func answerEarly(_ error: VerityError, keepAlive: Bool = false, context: ChannelHandlerContext) {
        state = .closing
        keepAfterLinger = keepAlive && !draining && admission == .served
        body = nil
        let request = Request(application: shared.application, method: .GET, url: "/", on: context.eventLoop)
        let response = APIErrorMiddleware.response(for: error, request: request)
        let head = HTTPRequestHead(version: .http1_1, method: .POST, uri: "/")
        let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        ResponseWriting.write(response, to: head, keepAlive: keepAfterLinger, context: context).whenComplete { _ in
            let (handler, context) = bound.value
            handler.linger(context: context)
        }
    }

    /// A body past its limit or its time: the app's request fails with
    /// `error` when it has the request, else the connection answers it.
    private func refuse(_ error: VerityError, context: ChannelHandlerContext) {
        switch state {
        case .reading(_, _, _?):
            body = nil
            failPendingBody(error)
        case .reading, .awaitingRequest:
            answerEarly(error, context: context)
        case .answering, .closing:
            break
        }
    }

    private func failPendingBody(_ error: any Error) {
        guard case .reading(let head, let limit, let pending?) = state else { return }
        state = .reading(head: head, limit: limit, pending: nil)
        pending.fail(error)
    }

    /// Reads on, dropping it, until the request's end, then serves the next
    /// request as a kept-alive connection would: a client still sending its
    /// body reads the answer rather than a failed write (HTTP clients treat a
    /// close mid-upload as a failure). A body not in within `lingerSeconds`
    /// closes the connection.
    private func linger(context: ChannelHandlerContext) {
        state = .closing
        guard context.channel.isActive else { return }
        if dropped {
            context.close(promise: nil)
            return
        }
        lingering = true
        if requestEndSeen {
            endLinger(context: context)
            return
        }
        context.channel.setOption(ChannelOptions.autoRead, value: true).whenFailure { _ in }
        context.read()
        let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        lingerDeadline = context.eventLoop.scheduleTask(in: .seconds(Self.lingerSeconds)) {
            let (handler, context) = bound.value
            if handler.lingering { context.close(promise: nil) }
        }
    }

    private func endLinger(context: ChannelHandlerContext) {
        lingering = false
        requestEndSeen = false
        lingerDeadline?.cancel()
        lingerDeadline = nil
        if keepAfterLinger, !draining, context.channel.isActive {
            state = .awaitingRequest
            clock.answerEnded()
        } else {
            context.close(promise: nil)
        }
    }

    // MARK: Time

    private func tick(context: ChannelHandlerContext) {
        if case .closing = state { return }
        guard let expiry = clock.tick() else { return }
        switch expiry {
        case .idle, .head:
            VerityMetrics.connectionDropped(expiry == .idle ? "idle" : "head")
            state = .closing
            context.close(promise: nil)
        case .bodySilent, .bodyTooSlow:
            VerityMetrics.connectionDropped(expiry == .bodySilent ? "body_silent" : "body_too_slow")
            dropped = true
            let limits = shared.limits
            refuse(VerityError(.requestTimeout, expiry == .bodySilent
                ? "the request body stopped for \(limits.bodySeconds) seconds: the connection is closed"
                : "the request body came slower than \(limits.minimumBodyBytesPerSecond) bytes a second: the connection is closed"),
                   context: context)
        }
    }
}

/// Sent down every open connection when the server stops: an idle one
/// closes, a busy one closes once its answer is written.
struct ServerDraining {}
