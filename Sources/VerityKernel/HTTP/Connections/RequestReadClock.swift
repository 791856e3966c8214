import NIOCore

/// Times what a client sends on one connection, so that no client holds a
/// connection (or a large-body slot) by sending slowly or not at all:
/// - waiting for a request: the first request's head must be in within
///   `headerSeconds` of the opening; a kept-alive connection may then sit idle
///   for `idleSeconds`, and each later head must be in within `headerSeconds`
///   of its first byte;
/// - inside a body: at most `bodySeconds` of silence, and at least
///   `minimumBodyBytesPerSecond` on average over every `bodySeconds` window;
/// - while the server answers, nothing: the wait is the server's.
/// Used on the connection's event loop only.
final class RequestReadClock {
    enum Expiry: Equatable {
        case idle, head, bodySilent, bodyTooSlow
    }

    private enum Phase {
        case awaitingRequest(deadline: NIODeadline, firstByteExtends: Bool)
        case readingHead(deadline: NIODeadline)
        case readingBody(started: NIODeadline, lastByte: NIODeadline)
        case answering
    }

    private let limits: ConnectionLimits
    private var phase: Phase
    /// Body bytes per second of the current window, newest last.
    private var bodyBytesBySecond: [Int]
    private var bytesThisSecond = 0

    init(limits: ConnectionLimits, opened: NIODeadline = .now(), headerSeconds: Int? = nil) {
        self.limits = limits
        let seconds = headerSeconds ?? limits.headerSeconds
        phase = .awaitingRequest(deadline: opened + .seconds(Int64(seconds)), firstByteExtends: false)
        bodyBytesBySecond = []
    }

    /// Bytes came in (before the HTTP decoder: a head's bytes count too).
    func bytesArrived(_ count: Int, now: NIODeadline = .now()) {
        switch phase {
        case .awaitingRequest(let deadline, let firstByteExtends):
            phase = .readingHead(deadline: firstByteExtends ? now + .seconds(Int64(limits.headerSeconds)) : deadline)
        case .readingBody(let started, _):
            phase = .readingBody(started: started, lastByte: now)
            bytesThisSecond += count
        case .readingHead, .answering:
            break
        }
    }

    func headArrived(now: NIODeadline = .now()) {
        phase = .readingBody(started: now, lastByte: now)
        bodyBytesBySecond = []
        bytesThisSecond = 0
    }

    /// The whole request is in: the server answers it.
    func requestEnded() {
        phase = .answering
    }

    /// The answer is written and the connection kept: the next request may come.
    func answerEnded(now: NIODeadline = .now()) {
        phase = .awaitingRequest(deadline: now + .seconds(Int64(limits.idleSeconds)), firstByteExtends: true)
    }

    /// Called once a second: why the connection must be dropped now, if it must.
    func tick(now: NIODeadline = .now()) -> Expiry? {
        switch phase {
        case .awaitingRequest(let deadline, let firstByteExtends):
            return now >= deadline ? (firstByteExtends ? .idle : .head) : nil
        case .readingHead(let deadline):
            return now >= deadline ? .head : nil
        case .readingBody(let started, let lastByte):
            bodyBytesBySecond.append(bytesThisSecond)
            bytesThisSecond = 0
            let window = max(1, limits.bodySeconds)
            if bodyBytesBySecond.count > window { bodyBytesBySecond.removeFirst(bodyBytesBySecond.count - window) }
            if now - lastByte >= .seconds(Int64(limits.bodySeconds)) { return .bodySilent }
            if now - started >= .seconds(Int64(window)), bodyBytesBySecond.count == window,
               bodyBytesBySecond.reduce(0, +) < limits.minimumBodyBytesPerSecond * window {
                return .bodyTooSlow
            }
            return nil
        case .answering:
            return nil
        }
    }
}
