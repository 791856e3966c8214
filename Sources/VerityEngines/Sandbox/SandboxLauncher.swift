import CSandbox
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Starts a program in the engine sandbox: bubblewrap (Flatpak's sandbox,
/// Debian's `bubblewrap`) gives it new user, PID, network, mount, IPC, UTS
/// and cgroup namespaces, uid and gid 65534, no capabilities, a file view of
/// read-only binds (`SandboxFileView`) over an empty root, a private `/proc`
/// that shows only its own processes, a small private `/tmp` (its one
/// writable place), and death with its parent; and it installs the launch
/// policy's seccomp allowlist before the program's first instruction. A
/// server running as root first gives up root (`setpriv`), so the program
/// is nobody on the host as well as inside.
///
/// The server's engine workers and `verity sandbox run` both start programs
/// here, with the same arguments: what an operator audits is what the
/// engines get.
package struct SandboxLauncher: Sendable {
    let bubblewrap: String
    /// `setpriv`, when this process is root and must drop to nobody first.
    /// Where nobody cannot read the view (a build under /root, say), bwrap
    /// runs as root and the program is nobody inside its namespaces only,
    /// with no capabilities (`SandboxFileView.nobodyCanRead`, which the
    /// doctor reports).
    let setpriv: String?
    /// `prlimit`: the limits are set before bwrap starts, so they bind the program from its first instruction.
    let prlimit: String

    /// The unprivileged user and group the program runs as.
    static let nobody = 65534
    /// The private /tmp's size: scratch, not storage.
    static let scratchBytes = 64 * 1_048_576

    /// Finds bubblewrap (and setpriv, as root); a clear error where they are missing.
    package static func locate(environment: [String: String] = ProcessInfo.processInfo.environment) throws(SandboxUnavailable)
        -> SandboxLauncher {
        let path = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init) + ["/usr/bin", "/bin"]
        func find(_ name: String) -> String? {
            path.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
        }
        guard let bubblewrap = find("bwrap") else {
            throw SandboxUnavailable("bubblewrap (bwrap) is not installed: the engine sandbox needs it (apt-get install bubblewrap)")
        }
        guard let prlimit = find("prlimit") else {
            throw SandboxUnavailable("prlimit (util-linux) is not installed: the engine sandbox sets its limits with it")
        }
        var setpriv: String?
        if geteuid() == 0 {
            guard let found = find("setpriv") else {
                throw SandboxUnavailable("setpriv (util-linux) is not installed: a server running as root needs it to start the sandbox as nobody")
            }
            setpriv = found
        }
        return SandboxLauncher(bubblewrap: bubblewrap, setpriv: setpriv, prlimit: prlimit)
    }

    /// The command line that starts `program` in the sandbox; each seccomp
    /// policy is read from its descriptor (`policyDescriptors`), which bwrap closes.
    func commandLine(program: String, arguments: [String], view: SandboxFileView, limits: SandboxLimits,
                             policyDescriptors: [Int32]) -> [String] {
        var line: [String] = []
        if let setpriv, view.nobodyCanRead {
            line += [setpriv, "--reuid=\(Self.nobody)", "--regid=\(Self.nobody)", "--clear-groups", "--"]
        }
        // No core files (they would hold the images), few descriptors, the address space given.
        line += [prlimit, "--core=0:0", "--nofile=\(SandboxLimits.files):\(SandboxLimits.files)"]
        if let memory = limits.addressSpaceBytes { line.append("--as=\(memory):\(memory)") }
        line.append("--")
        line += [bubblewrap,
                 "--unshare-user", "--unshare-pid", "--unshare-net", "--unshare-ipc", "--unshare-uts", "--unshare-cgroup-try",
                 "--uid", String(Self.nobody), "--gid", String(Self.nobody), "--hostname", "sandbox",
                 "--die-with-parent", "--new-session", "--cap-drop", "ALL",
                 "--as-pid-1", "--proc", "/proc", "--dev", "/dev",
                 "--size", String(Self.scratchBytes), "--tmpfs", "/tmp"]
        for path in view.readOnly { line += ["--ro-bind", path, path] }
        for link in view.links { line += ["--symlink", link.target, link.path] }
        line += ["--remount-ro", "/", "--chdir", "/tmp"]
        for descriptor in policyDescriptors { line += ["--add-seccomp-fd", String(descriptor)] }
        return line + ["--", program] + arguments
    }

    /// The policies a program gets: the launch policy, and for a whole
    /// program that is not the engine zygote (`verity sandbox run`, and what
    /// a stand-in worker gets once forked) the program policy stacked on it.
    package enum Confinement: Sendable {
        case zygote
        case program

        var policies: [Int32] {
            switch self {
            case .zygote: [Int32(SANDBOX_POLICY_LAUNCH)]
            case .program: [Int32(SANDBOX_POLICY_LAUNCH), Int32(SANDBOX_POLICY_PROGRAM)]
            }
        }
    }

    /// Starts `program` with `descriptors` as its descriptors 0, 1, 2, …
    /// and `environment` as its whole environment. Returns the host's
    /// process id of the sandbox (bwrap, or setpriv that became bwrap):
    /// SIGKILL to it ends everything inside.
    package func start(program: String, arguments: [String], view: SandboxFileView, environment: [String],
                       descriptors: [Int32], confinement: Confinement, limits: SandboxLimits) throws(SandboxUnavailable) -> pid_t {
        var readEnds: [Int32] = []
        defer { readEnds.forEach { close($0) } }
        for policy in confinement.policies {
            var ends: [Int32] = [0, 0]
            guard sandbox_pipe(&ends) == 0 else { throw SandboxUnavailable("no pipe for the seccomp policy: \(String(cString: strerror(errno)))") }
            readEnds.append(ends[0])
            // A few kilobytes: the pipe holds them all before bwrap reads.
            let exported = sandbox_policy_export(policy, ends[1])
            close(ends[1])
            guard exported == 0 else { throw SandboxUnavailable("the seccomp policy could not be built (libseccomp: \(String(cString: strerror(exported))))") }
        }
        let passed = descriptors + readEnds
        let policyDescriptors = readEnds.indices.map { Int32(descriptors.count + $0) }
        let line = commandLine(program: program, arguments: arguments, view: view, limits: limits, policyDescriptors: policyDescriptors)
        var pid: pid_t = 0
        let status = CStrings.with(line) { argv in
            CStrings.with(environment) { envp in
                passed.withUnsafeBufferPointer { sandbox_spawn(line[0], argv, envp, "/", $0.baseAddress, Int32($0.count), &pid) }
            }
        }
        guard status == 0 else { throw SandboxUnavailable("\(line[0]) could not be started: \(String(cString: strerror(status)))") }
        return pid
    }
}

/// The resource limits a sandboxed program starts with.
package struct SandboxLimits: Sendable {
    /// RLIMIT_AS: the program's whole address space (nil: the host's).
    var addressSpaceBytes: UInt64?
    /// RLIMIT_NOFILE.
    static let files = 256

    package init(addressSpaceBytes: UInt64?) {
        self.addressSpaceBytes = addressSpaceBytes
    }
}

/// The sandbox cannot be used on this host: the reason, for the log and `verity doctor`.
package struct SandboxUnavailable: Error, CustomStringConvertible {
    package let description: String
    init(_ description: String) { self.description = description }
}
