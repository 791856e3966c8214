import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A bare TCP connection to a test server, from a chosen loopback address
/// (Linux routes all of 127.0.0.0/8 to the loopback device, so a test can be
/// many clients at once): for clients that hold a socket idle, dribble a
/// head or a body, as no HTTP library will.
public final class RawConnection: @unchecked Sendable {
    private let socket: Int32
    private let lock = NSLock()
    private var closed = false
    private var received: [UInt8] = []

    /// Connects from `source` (any port) to 127.0.0.1:`port`.
    public init(port: Int, from source: String = "127.0.0.1") throws {
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        var local = sockaddr_in()
        local.sin_family = sa_family_t(AF_INET)
        local.sin_addr.s_addr = inet_addr(source)
        var server = sockaddr_in()
        server.sin_family = sa_family_t(AF_INET)
        server.sin_port = in_port_t(UInt16(port).bigEndian)
        server.sin_addr.s_addr = inet_addr("127.0.0.1")
        let size = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &local) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, size) } }
        let connected = bound == 0
            ? withUnsafePointer(to: &server) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, size) } }
            : -1
        guard connected == 0 else {
            let error = POSIXErrorCode(rawValue: errno) ?? .EIO
            Glibc.close(socket)
            throw POSIXError(error)
        }
    }

    /// Sends `text`; false once the server has closed the connection.
    @discardableResult
    public func send(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return lock.withLock {
            guard !closed else { return false }
            return bytes.withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) } == bytes.count
        }
    }

    /// What the server sent so far, and whether it has closed its side.
    public func read() -> (text: String, closedByServer: Bool) {
        lock.withLock {
            var ended = false
            var buffer = [UInt8](repeating: 0, count: 4096)
            while !closed {
                let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
                if count > 0 {
                    received += buffer.prefix(count)
                    continue
                }
                // 0: the server closed; -1 with ECONNRESET: it reset; EAGAIN: nothing more yet.
                ended = count == 0 || errno == ECONNRESET || errno == EPIPE
                break
            }
            return (String(decoding: received, as: UTF8.self), ended)
        }
    }

    public func close() {
        lock.withLock {
            guard !closed else { return }
            closed = true
            Glibc.close(socket)
        }
    }

    deinit { close() }
}
