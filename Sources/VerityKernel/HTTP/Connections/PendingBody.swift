import NIOConcurrencyHelpers
import NIOCore
import Vapor
import VerityAPI
import VerityCore

/// A large upload's body, left unread while the route's checks run (its
/// credential, its rate limits, its capture link): the connection stops
/// reading at the head. The first code that needs the body (the idempotency
/// check, or `LargeBodyGate` before the handler) takes a large-body slot for
/// the request's address, credential and tenant, then has the connection read
/// it; a request refused before that never has its body read.
final class PendingBody: Sendable {
    let limit: Int
    let declared: Int?
    private let arrived: EventLoopPromise<ByteBuffer?>
    private let start: @Sendable () -> Void
    private let asked = NIOLockedValueBox(false)

    init(limit: Int, declared: Int?, arrived: EventLoopPromise<ByteBuffer?>, start: @escaping @Sendable () -> Void) {
        self.limit = limit
        self.declared = declared
        self.arrived = arrived
        self.start = start
    }

    /// The whole body, once the connection has read it.
    func read() async throws -> ByteBuffer? {
        if !asked.withLockedValue({ asked in defer { asked = true }; return asked }) { start() }
        return try await arrived.futureResult.get()
    }

    static func tooLarge(_ limit: Int) -> VerityError {
        let size = limit >= 1_048_576 ? "\(limit / 1_048_576) MiB" : "\(limit / 1024) KiB"
        return VerityError(.payloadTooLarge, "the request body is larger than \(size)")
    }

    /// What the client presented, before it is checked: its `Authorization`,
    /// its client key, or, for a capture link, the path that holds the link.
    static func credential(_ headers: HTTPHeaders, path: String) -> String {
        headers.first(name: .authorization) ?? headers.first(name: WireHeader.clientKey) ?? path
    }
}

enum PendingBodyKey: StorageKey { typealias Value = PendingBody }

extension Request {
    /// Makes the request's body readable (`body.data`) within its route's
    /// limit: a pending large body is read now, under one of the server's
    /// large-body slots.
    func collectBody() async throws {
        guard let pending = storage[PendingBodyKey.self] else {
            _ = try await body.collect(max: RouteBodyLimit.of(self)).get()
            return
        }
        storage[PendingBodyKey.self] = nil
        if let declared = pending.declared, declared > pending.limit { throw PendingBody.tooLarge(pending.limit) }
        if let bodies = application.storage[LargeBodiesKey.self] {
            // Given back by the connection once the answer is written (or the connection ends).
            storage[LargeBodyTicketKey.self] = try bodies.admit(address: ClientAddress.key(of: remoteAddress),
                                                                credential: PendingBody.credential(headers, path: url.path),
                                                                tenant: tenantEnvironmentID)
        }
        if let buffer = try await pending.read(), buffer.readableBytes > 0 {
            try content.encode(RawBody(buffer: buffer), using: RawBodyEncoder())
        }
    }
}

/// Sets a request's collected body as it is (Vapor's only public way to set one).
private struct RawBody: Encodable {
    let buffer: ByteBuffer

    func encode(to encoder: any Encoder) throws {}
}

private struct RawBodyEncoder: ContentEncoder {
    func encode<E: Encodable>(_ encodable: E, to body: inout ByteBuffer, headers: inout HTTPHeaders) throws {
        guard var raw = (encodable as? RawBody)?.buffer else { return }
        body.writeBuffer(&raw)
    }
}
