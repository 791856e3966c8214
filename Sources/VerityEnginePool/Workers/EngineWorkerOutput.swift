import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Logging
import NIOConcurrencyHelpers

/// What an engine worker writes to its standard output and error (a library's
/// warning, a crash's message, or whatever a process taken over chooses to
/// write): read on a thread of its own, cut into lines, and logged under the
/// worker's id and the child that was running, never written raw into the
/// server's log. Bounded: a line is cut at `lineLimit` bytes and made
/// printable, and past `linesPerWorker` lines the rest is counted, not logged.
final class EngineWorkerOutput: @unchecked Sendable {
    static let lineLimit = 300
    static let linesPerWorker = 200

    private let descriptor: Int32
    private let worker: String
    private let logger: Logger
    private let state = NIOLockedValueBox<(child: Int32?, logged: Int, dropped: Int)>((nil, 0, 0))

    /// The reader thread ends, and closes `descriptor`, when the sandbox's
    /// last process has gone (every write end with it).
    init(descriptor: Int32, worker: String, logger: Logger) {
        self.descriptor = descriptor
        self.worker = worker
        self.logger = logger
        let reader = Thread { [self] in self.readUntilClosed() }
        reader.name = "engine-output-\(worker)"
        reader.start()
    }

    /// The child running a task now, for the lines it writes.
    func begin(child: Int32) { state.withLockedValue { $0.child = child } }
    func end() { state.withLockedValue { $0.child = nil } }
    var currentChild: Int32? { state.withLockedValue { $0.child } }

    private func readUntilClosed() {
        var pending: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            for byte in buffer[0..<count] {
                if byte == UInt8(ascii: "\n") {
                    log(pending)
                    pending.removeAll(keepingCapacity: true)
                } else if pending.count < Self.lineLimit {
                    pending.append(byte)
                }
            }
        }
        if !pending.isEmpty { log(pending) }
        let dropped = state.withLockedValue { $0.dropped }
        if dropped > 0 {
            logger.warning("engine worker output cut short", metadata: ["worker": .string(worker), "lines_dropped": .stringConvertible(dropped)])
        }
        Glibc.close(descriptor)
    }

    private func log(_ bytes: [UInt8]) {
        let (child, allowed) = state.withLockedValue { state -> (Int32?, Bool) in
            guard state.logged < Self.linesPerWorker else {
                state.dropped += 1
                return (state.child, false)
            }
            state.logged += 1
            return (state.child, true)
        }
        guard allowed else { return }
        // Printable ASCII only: no terminal escapes, no forged log lines.
        let text = String(decoding: bytes.map { (0x20...0x7E).contains($0) ? $0 : UInt8(ascii: "?") }, as: UTF8.self)
        var metadata: Logger.Metadata = ["worker": .string(worker), "line": .string(text)]
        if let child { metadata["child"] = .stringConvertible(child) }
        logger.warning("engine worker output", metadata: metadata)
    }
}
