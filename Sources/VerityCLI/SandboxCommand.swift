import ArgumentParser
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import VerityEngines

/// `verity sandbox run -- PROGRAM [ARGS…]`: any program in exactly the
/// confinement the engine workers' children get (docs/security.md), its
/// standard input, output and error passed through, its exit status
/// returned. For an operator auditing a deployment, and for the tests that
/// try every escape.
struct SandboxCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sandbox",
        abstract: "Run a program in the engine workers' sandbox, to see what it can and cannot reach.",
        subcommands: [Run.self])

    struct Run: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Run PROGRAM confined as an engine worker is: namespaces, nobody, a read-only view, no network, the seccomp allowlist.",
            discussion: "The program sees itself, the system's libraries and the paths given with --read-only, read-only, and a private /tmp.")

        @Option(name: .customLong("read-only"), help: "A path the program may read (repeatable); the face models, say.")
        var readOnly: [String] = []
        @Option(name: .customLong("memory-mb"), help: "Its address space, in MiB (the workers': VERITY_ENGINE_WORKER_MEMORY_MB).")
        var memoryMegabytes: UInt64 = 2048
        @Argument(parsing: .captureForPassthrough, help: "The program (an absolute path) and its arguments, after --.")
        var command: [String] = []

        func run() throws {
            let words = command.first == "--" ? Array(command.dropFirst()) : command
            guard let program = words.first else { throw ValidationError("name the program to run: verity sandbox run -- PROGRAM [ARGS…]") }
            guard program.hasPrefix("/"), FileManager.default.isExecutableFile(atPath: program) else {
                throw ValidationError("\(program) is not an executable file given by its absolute path")
            }
            let launcher: SandboxLauncher
            do {
                launcher = try SandboxLauncher.locate()
            } catch {
                throw ValidationError("the sandbox is unavailable here: \(error)")
            }
            // A link (/bin/sh) is run by what it names: the view holds that file, not the link.
            let resolved = URL(fileURLWithPath: program).resolvingSymlinksInPath().path
            let view = SandboxFileView.standard(program: resolved, extra: readOnly.map { URL(fileURLWithPath: $0).standardizedFileURL.path })
            let pid: pid_t
            do {
                pid = try launcher.start(program: resolved, arguments: Array(words.dropFirst()), view: view,
                                         environment: ["PATH=/usr/bin:/bin", "OMP_THREAD_LIMIT=1", "OPENBLAS_NUM_THREADS=1", "MALLOC_ARENA_MAX=2"],
                                         descriptors: [0, 1, 2], confinement: .program,
                                         limits: SandboxLimits(addressSpaceBytes: memoryMegabytes * 1_048_576))
            } catch {
                throw ValidationError("the sandbox could not start: \(error)")
            }
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            let signal = status & 0x7F
            throw ExitCode(signal == 0 ? (status >> 8) & 0xFF : 128 + signal)
        }
    }
}
