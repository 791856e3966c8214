import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A request whose head is sent and whose body never comes: what a slow or
/// hostile uploader looks like to the server. Shows what the server does
/// before it has read a body (refuse it, or hold a slot for it).
public final class HeldRequest: @unchecked Sendable {
    private let socket: Int32
    private var closed = false

    /// Connects to `url`'s port on 127.0.0.1 and sends `head` (lines without
    /// the final blank line, which is added), then the body's first bytes
    /// and nothing more. (Vapor hands a request to the server's middleware
    /// when its first body bytes arrive, not on its head alone.)
    public init(_ url: URL, head: [String], bodyStart: String = "{\"") throws {
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw POSIXError(.EIO) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(url.port ?? 80).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            Glibc.close(socket)
            throw POSIXError(.ECONNREFUSED)
        }
        let text = Array((head.joined(separator: "\r\n") + "\r\n\r\n" + bodyStart).utf8)
        guard text.withUnsafeBytes({ send(socket, $0.baseAddress, $0.count, 0) }) == text.count else {
            Glibc.close(socket)
            throw POSIXError(.EIO)
        }
    }

    /// The status line of the server's answer, once it came (the server
    /// answered without the body); throws `StateNeverCame` after the tests'
    /// overall wait.
    public func statusLine() async throws -> String {
        var received: [UInt8] = []
        return try await waitFor("the server to answer the held request", every: .milliseconds(20)) {
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            if count > 0 { received += buffer.prefix(count) }
            let text = String(decoding: received, as: UTF8.self)
            guard let line = text.split(separator: "\r\n").first, text.contains("\r\n") else { return .notYet("\(received.count) bytes") }
            return .ready(String(line))
        }
    }

    /// The uploader gives up: the connection closes.
    public func close() {
        guard !closed else { return }
        closed = true
        Glibc.close(socket)
    }

    deinit { close() }
}
