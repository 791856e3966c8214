import CSandbox
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The engine worker (`verity-engine-worker`), started by the server inside
/// the sandbox (`SandboxLauncher`): a zygote that loads the engines once,
/// then forks children. The zygote never reads a stranger's byte; each child
/// takes the task policy (nothing opened, no new process, no program started,
/// signals to itself only), then answers the tasks the server sends it until
/// it is told it is done: the server sends one child one tenant's tasks only,
/// and a task with no tenant alone (`EngineWorkerProcess`). So no process
/// ever holds two tenants' images, and a child taken over by a crafted image
/// ends with its tenant's turn. The models are shared copy-on-write: a fork
/// costs a millisecond, not a model load.
///
/// With a stand-in (`program`, the server's `VERITY_ENGINE_WORKER`) the
/// child runs that program instead, in the program policy, with the same
/// descriptors: one task frame on 0, one answer frame on 3.
package enum EngineZygote {
    /// Exit statuses the supervisor can tell apart from a crash.
    enum ExitStatus: Int32 {
        case finished = 0
        case confinementFailed = 70
        case protocolBroken = 71
    }

    package struct Options: Sendable {
        var modelsDirectory: String
        var cpuMillisecondsPerTask: UInt32
        /// A stand-in run by each child instead of the built-in engines.
        var program: String?

        package init(modelsDirectory: String, cpuMillisecondsPerTask: UInt32, program: String?) {
            self.modelsDirectory = modelsDirectory
            self.cpuMillisecondsPerTask = cpuMillisecondsPerTask
            self.program = program
        }
    }

    package static func run(_ options: Options) -> Never {
        // No child may open this process's memory or descriptors through /proc. (Its
        // address space, core files and descriptors were limited before it started: `SandboxLauncher`.)
        guard sandbox_not_dumpable() == 0 else {
            exit(ExitStatus.confinementFailed.rawValue)
        }
        let runner = options.program == nil ? EngineWarmUp.loadedRunner(modelsDirectory: options.modelsDirectory) : nil
        let zygote = getpid()
        report(.ready(pid: zygote))
        while true {
            // _exit: the libraries' static destructors have nothing to save, and can take their time.
            guard awaitRequest() else { _exit(ExitStatus.finished.rawValue) }
            let child = sandbox_fork()
            if child == 0 { serveTasks(runner: runner, options: options, zygote: zygote) }
            guard child > 0 else { exit(ExitStatus.protocolBroken.rawValue) }
            report(.spawned(pid: child))
            var status: Int32 = 0
            while waitpid(child, &status, 0) < 0 {
                guard errno == EINTR else { exit(ExitStatus.protocolBroken.rawValue) }
            }
            report(.ended(pid: child, status: status))
        }
    }

    /// Waits for the server's request for a child; false when it closed the pipe (stop).
    private static func awaitRequest() -> Bool {
        var byte: UInt8 = 0
        while true {
            let count = read(EngineWorkerDescriptors.requests, &byte, 1)
            if count < 0 && errno == EINTR { continue }
            guard count == 1 else { return false }
            guard byte == ZygoteReport.request else { exit(ExitStatus.protocolBroken.rawValue) }
            return true
        }
    }

    private static func report(_ report: ZygoteReport) {
        guard let encoded = try? JSONEncoder().encode(report),
              (try? EngineFrames.write(encoded, to: EngineWorkerDescriptors.reports)) != nil else {
            exit(ExitStatus.protocolBroken.rawValue)
        }
    }

    /// The child: confined for good before it reads a byte, then the tasks
    /// the server sends it, all of one tenant's (`EngineWorkerProcess`),
    /// until an empty frame or the pipe's end says it is done.
    private static func serveTasks(runner: EngineTaskRunner?, options: Options, zygote: pid_t) -> Never {
        close(EngineWorkerDescriptors.requests)
        close(EngineWorkerDescriptors.reports)
        if let program = options.program {
            runStandIn(program, zygote: zygote)
        }
        guard sandbox_child_enter(zygote) == 0, let runner else { _exit(ExitStatus.confinementFailed.rawValue) }
        while true {
            let frame: Data
            do {
                frame = try EngineFrames.read(from: EngineWorkerDescriptors.tasks, limit: EngineFrames.taskLimit)
            } catch .closed {
                _exit(ExitStatus.finished.rawValue)
            } catch {
                _exit(ExitStatus.protocolBroken.rawValue)
            }
            guard !frame.isEmpty else { _exit(ExitStatus.finished.rawValue) }
            // Each task's CPU time starts once it is read.
            guard sandbox_cpu_budget(options.cpuMillisecondsPerTask) == 0 else { _exit(ExitStatus.confinementFailed.rawValue) }
            let answer: EngineAnswer
            if let task = try? JSONDecoder().decode(EngineTask.self, from: frame) {
                answer = runner.perform(task)
            } else {
                answer = .refused(EngineRefusal(reason: .failed, image: nil))
            }
            guard let encoded = try? JSONEncoder().encode(answer),
                  (try? EngineFrames.write(encoded, to: EngineWorkerDescriptors.answers)) != nil else {
                _exit(ExitStatus.protocolBroken.rawValue)
            }
        }
    }

    /// A stand-in in the program policy: what `verity sandbox run` gives any program.
    private static func runStandIn(_ program: String, zygote: pid_t) -> Never {
        guard sandbox_program_enter(zygote) == 0 else {
            _exit(ExitStatus.confinementFailed.rawValue)
        }
        let environment = ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" }
        CStrings.with([program]) { argv in
            CStrings.with(environment) { envp in _ = execve(program, argv, envp) }
        }
        _exit(ExitStatus.confinementFailed.rawValue)
    }
}

/// NULL-terminated C string arrays for the length of a call.
enum CStrings {
    static func with<T>(_ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> T) -> T {
        let pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) } + [nil]
        defer { pointers.forEach { free($0) } }
        return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
    }
}
