import CSandbox
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The framing between the server and an engine worker, over a pipe each
/// way: a 4-byte big-endian length, then that many bytes of JSON. Both sides
/// check the length before reading the bytes (neither trusts the other: a
/// worker may be running an exploit's code), and a frame over `limit` ends
/// the exchange.
package enum EngineFrames {
    /// A task: three 8 MB images in base64 and their fields.
    static let taskLimit = 40 * 1024 * 1024
    /// An answer: a report, never an image.
    package static let answerLimit = 4 * 1024 * 1024
    /// A worker's first frame, once its engines are loaded.
    static let ready = "ready"

    package enum Failure: Error, Equatable {
        /// The other side closed its end (a worker that died, a server that stopped).
        case closed
        /// No complete frame came in time.
        case timedOut
        /// A length over the limit: a confused or hostile sender.
        case tooLong(Int)
        /// The system call failed.
        case io(Int32)
    }

    /// `payload` with its length before it.
    package static func framed(_ payload: Data) -> Data {
        let count = payload.count
        var frame = Data([UInt8(count >> 24 & 0xFF), UInt8(count >> 16 & 0xFF), UInt8(count >> 8 & 0xFF), UInt8(count & 0xFF)])
        frame.append(payload)
        return frame
    }

    static func write(_ payload: Data, to fd: Int32) throws(Failure) {
        let frame = framed(payload)
        let failure: Failure? = frame.withUnsafeBytes { buffer -> Failure? in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno == EPIPE ? .closed : .io(errno)
                }
                offset += written
            }
            return nil
        }
        if let failure { throw failure }
    }

    /// The next frame's bytes; `closed` at the end of the stream. With a
    /// `deadline`, the whole frame must arrive before it.
    package static func read(from fd: Int32, limit: Int, deadline: ContinuousClock.Instant? = nil) throws(Failure) -> Data {
        let header = try exactly(4, from: fd, deadline: deadline)
        let length = header.reduce(0) { $0 << 8 | Int($1) }
        guard length <= limit else { throw .tooLong(length) }
        return try exactly(length, from: fd, deadline: deadline)
    }

    private static func exactly(_ count: Int, from fd: Int32, deadline: ContinuousClock.Instant?) throws(Failure) -> Data {
        var data = Data(count: count)
        var offset = 0
        while offset < count {
            if let deadline {
                let left = ContinuousClock.now.duration(to: deadline)
                guard left > .zero else { throw .timedOut }
                let milliseconds = Int32(clamping: left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000 + 1)
                let ready = sandbox_wait_readable(fd, milliseconds)
                if ready < 0 { throw .io(errno) }
                if ready == 0 { throw .timedOut }
            }
            let read = data.withUnsafeMutableBytes { buffer in Glibc.read(fd, buffer.baseAddress! + offset, count - offset) }
            if read < 0 {
                if errno == EINTR { continue }
                throw .io(errno)
            }
            if read == 0 { throw .closed }
            offset += read
        }
        return data
    }
}
