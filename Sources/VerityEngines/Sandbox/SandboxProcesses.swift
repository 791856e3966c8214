import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The host's view of a sandbox's processes: they have pids of their own
/// inside (their PID namespace) and others outside, which only the host's
/// `/proc` relates.
package enum SandboxProcesses {
    /// Every process below `pid` on the host, children first.
    package static func descendants(of pid: pid_t) -> [pid_t] {
        var found: [pid_t] = []
        var todo = [pid]
        while let next = todo.popLast() {
            let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(next)/task")) ?? []
            for task in tasks {
                guard let text = procFile("/proc/\(next)/task/\(task)/children") else { continue }
                let children = text.split(separator: " ").compactMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
                found += children
                todo += children
            }
        }
        return found
    }

    /// The host's pid of the process below `sandbox` whose innermost pid is `inner`.
    package static func hostPID(of inner: Int32, under sandbox: pid_t) -> pid_t? {
        descendants(of: sandbox).first { namespacePIDs($0).last == inner }
    }

    /// A process's pids from the host's namespace inwards (`NSpid` of its status).
    static func namespacePIDs(_ pid: pid_t) -> [Int32] {
        guard let status = procFile("/proc/\(pid)/status"),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("NSpid:") }) else { return [] }
        return line.dropFirst("NSpid:".count).split(whereSeparator: { $0 == " " || $0 == "\t" }).compactMap { Int32($0) }
    }

    /// Waits until none of `pids` is alive (or a zombie), at most `within`.
    package static func waitUntilGone(_ pids: [pid_t], within: Duration) {
        let deadline = ContinuousClock.now + within
        while ContinuousClock.now < deadline && pids.contains(where: isAlive) { usleep(5_000) }
    }

    /// A file of /proc, whole: they say their size is 0, and Foundation's
    /// readers can stop at the first page.
    package static func procFile(_ path: String) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            bytes += buffer[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    package static func isAlive(_ pid: pid_t) -> Bool {
        guard let status = procFile("/proc/\(pid)/status"),
              let state = status.split(separator: "\n").first(where: { $0.hasPrefix("State:") }) else { return false }
        return !state.contains("Z")
    }
}
