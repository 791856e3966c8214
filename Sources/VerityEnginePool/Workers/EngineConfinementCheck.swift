import Foundation
import VerityEngines

/// Whether a running engine zygote is confined as `SandboxLauncher` promises,
/// read from the host's /proc: a seccomp filter, no-new-privs, no
/// capabilities, and namespaces of its own. `verity doctor` asks it.
package enum EngineConfinementCheck {
    /// What is wrong, in words; nil when all holds.
    package static func problem(with pid: pid_t) -> String? {
        guard let status = SandboxProcesses.procFile("/proc/\(pid)/status") else { return "its process could not be read" }
        func field(_ name: String) -> String? {
            status.split(separator: "\n").first { $0.hasPrefix(name + ":") }.map { $0.dropFirst(name.count + 1).trimmingCharacters(in: .whitespaces) }
        }
        guard field("Seccomp") == "2" else { return "it has no seccomp filter" }
        guard field("NoNewPrivs") == "1" else { return "it may gain privileges (no-new-privs is off)" }
        guard field("CapEff") == "0000000000000000" else { return "it holds capabilities" }
        for namespace in ["pid", "net", "mnt", "user", "ipc"] {
            let ours = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/ns/\(namespace)")
            let its = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/ns/\(namespace)")
            guard let ours, let its, ours != its else { return "it shares the server's \(namespace) namespace" }
        }
        return nil
    }
}
